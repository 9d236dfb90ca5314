/**
 * The building blocks of request parameters (api.ts composes them into each operation's parameters). Each carries
 * its own message, so a validation error names the parameter and what is allowed.
 */
import { z } from "zod";

/** A string enum that accepts any letter case: the value is folded before the enum check. */
export function caseInsensitiveEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  fold: (s: string) => string,
  message: string,
) {
  return z.preprocess(
    (v) => (typeof v === "string" ? fold(v.trim()) : v),
    z.enum(values, { error: message }),
  );
}

export const lower = (s: string) => s.toLowerCase();
export const upper = (s: string) => s.toUpperCase();

/** `text` matched literally in a regular expression ("A*" → `A\*`; RegExp.escape would also hex-escape a leading "A"). */
const literal = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");

/**
 * Exactly the comma lists of `values` ("A*", "A*,A"), in the case given: each value written once, each followed
 * by the end or by a comma before a word character (`,\b`: the next value's first, so no empty value, no trailing
 * comma). A word boundary, not a lookahead: regular-expression engines without lookaround (RE2, Rust's regex) read
 * it too. The schema promises only what the server takes; the server takes more (any case, spaces), never less.
 */
export function commaListPattern(values: readonly string[]): string {
  const odd = values.find((value) => !/^\w/.test(value));
  if (odd !== undefined)
    throw new Error(`comma-list value ${JSON.stringify(odd)} must start with [A-Za-z0-9_]`);
  return `^((${values.map(literal).join("|")})(,\\b|$))+$`;
}

/**
 * The JSON Schema of a comma list of `values` (OpenAPI and MCP): one of the values, enumerated so a client or a
 * model sees what is allowed (in the case the rows use), or a comma list of them (commaListPattern).
 */
export const enumeratedList = (values: readonly string[]) => ({
  anyOf: [{ enum: [...values] }, { pattern: commaListPattern(values) }],
});

/**
 * One value or several separated by commas ("a,b"), each in any letter case, as the list of distinct folded
 * values. Documented as a string whose schema enumerates the values (enumeratedList), so a single value is sent
 * as before.
 */
export function commaSeparatedEnum<const T extends readonly [string, ...string[]]>(
  name: string,
  values: T,
  fold: (s: string) => string,
  description: string,
  /** Whether the schema enumerates the values; a long list is named by its description instead. */
  enumerated = true,
) {
  const message = `${name} must be one or more of ${values.join(", ")} (any case), separated by commas`;
  return z
    .string({ error: message })
    .transform((text, ctx): T[number][] => {
      const list = [...new Set(text.split(",").map((v) => fold(v.trim())))];
      if (list.every((v) => (values as readonly string[]).includes(v))) return list;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    })
    .optional()
    .meta({
      // The tools and the API reference say once that every such filter takes a comma list.
      ...(description && { description }),
      ...(enumerated && enumeratedList(values)),
    });
}

export const dateParam = (name: string, description: string) =>
  z.iso
    .date({ error: `${name} must be a calendar date YYYY-MM-DD` })
    .optional()
    .meta({ description, example: "2026-01-31" });

/** An integer from `min` to `max` (a query string's text coerced); the one message names the parameter and range. */
export const integerParam = (name: string, min: number, max: number) => {
  const error = `${name} must be an integer from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

export const pageParam = z.coerce
  .number({ error: "page must be an integer >= 1" })
  .int({ error: "page must be an integer >= 1" })
  .min(1, { error: "page must be an integer >= 1" })
  .default(1)
  .meta({ description: "Page (past the end: no rows)." });

/** Rows per page, 1 to `max`: `per_page` of the venue lists (the deadline list's, with its alias: api.ts). */
export const perPageParam = (name: "per_page", fallback: number, max: number) =>
  integerParam(name, 1, max).default(fallback).meta({ description: "Rows per page." });

/** A boolean query parameter: true / false (a JSON boolean from MCP). */
export const booleanParam = (name: string, fallback: boolean, description: string) =>
  z
    .preprocess(
      (v) => (v === "true" ? true : v === "false" ? false : v),
      // The default inside the preprocess, so the JSON Schema of MCP's tools/list carries it too.
      z.boolean({ error: `${name} must be true or false` }).default(fallback),
    )
    .meta({ description });

/** The free-text `query`, trimmed, at most `maxLength` characters; empty means none. */
export const queryParam = (maxLength: number) =>
  z
    .string()
    .trim()
    .max(maxLength, { error: `query must be at most ${maxLength} characters` })
    .optional()
    .transform((s) => (s === "" ? undefined : s))
    .meta({
      description: "Name, acronym, alias or part of one (case, accents, punctuation ignored).",
      example: "learning",
    });

/** ISSN with or without its hyphen; normalised to the hyphenated upper-case form the snapshot stores. */
export const issnParam = z
  .string()
  .trim()
  .transform((s) => s.replaceAll("-", "").toUpperCase())
  .pipe(z.string().regex(/^\d{7}[\dX]$/, { error: "issn must be 8 characters: 7 digits then a digit or X" }))
  .transform((s) => `${s.slice(0, 4)}-${s.slice(4)}`)
  .optional()
  .meta({
    type: "string",
    pattern: "^\\d{4}-?\\d{3}[\\dXx]$",
    description: "ISSN, print or electronic, hyphen optional.",
    example: "0162-8828",
  });

/** A ranking-list name: an unknown one is named with the valid ones. */
export const rankingName = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => `unknown ranking ${JSON.stringify(issue.input)}; valid rankings: ${values.join(", ")}`,
  });
