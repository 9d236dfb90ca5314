/**
 * The build's YAML reader: js-yaml, several times faster than the `yaml` package on the trackers' hundreds of
 * lists, with the YAML 1.2 core schema exactly as the `yaml` package resolves plain scalars, so every value is
 * the one `yaml`'s parse gave: dates and times stay strings (no Date objects), "yes"/"no" stay strings, "012" is
 * the integer 12, "0o17" and "0x1F" are integers, ".inf" and ".nan" are numbers, and `<<` is an ordinary key.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { FAILSAFE_SCHEMA, load, Type } from "js-yaml";
import type { z } from "zod";

/** An implicit type of plain scalars: the ones matching `test` become `construct(text)`. */
const plain = (tag: string, test: RegExp, construct: (text: string) => unknown) =>
  new Type(`tag:yaml.org,2002:${tag}`, {
    kind: "scalar",
    resolve: (text: string | null) => test.test(text ?? ""),
    construct: (text: string | null) => construct(text ?? ""),
  });

/** An integer as `yaml` reads it: 0o octal, 0x hexadecimal, else decimal (leading zeros and a sign allowed). */
function integer(text: string): number {
  if (text.startsWith("0o")) return Number.parseInt(text.slice(2), 8);
  if (text.startsWith("0x")) return Number.parseInt(text.slice(2), 16);
  return Number.parseInt(text, 10);
}

/** A float as `yaml` reads it: .inf / .nan in their three spellings, else parseFloat. */
function float(text: string): number {
  if (/nan$/i.test(text)) return Number.NaN;
  if (/inf$/i.test(text)) return text.startsWith("-") ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  return Number.parseFloat(text);
}

/** Plain-scalar resolution of the YAML 1.2 core schema (spec 1.2.2, section 10.3.2), as `yaml` applies it. */
const CORE_SCHEMA = FAILSAFE_SCHEMA.extend({
  implicit: [
    plain("null", /^(?:~|[Nn]ull|NULL)?$/, () => null),
    plain("bool", /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (text) => text[0] === "t" || text[0] === "T"),
    plain("int", /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/, integer),
    plain(
      "float",
      /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)(?:[eE][-+]?[0-9]+)?|[-+]?[0-9]+[eE][-+]?[0-9]+)$/,
      float,
    ),
  ],
});

/** Parses one YAML document; throws on invalid YAML (duplicate keys included). Empty text gives undefined. */
export function parseYaml(text: string): unknown {
  return load(text, { schema: CORE_SCHEMA });
}

/** The repository root: a table is named by its path from here in errors. */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** YAML text checked against `schema`; throws naming `name` (the file) and what is wrong. */
export function parseYamlTable<S extends z.ZodType>(text: string, schema: S, name: string): z.output<S> {
  const parsed = schema.safeParse(parseYaml(text));
  if (!parsed.success) throw new Error(`${name}: ${parsed.error.message}`);
  return parsed.data;
}

/** A reviewed data table beside its reader (aliases.yaml, names.yaml …), read once and checked against `schema`. */
export function loadYamlTable<S extends z.ZodType>(file: URL, schema: S): z.output<S> {
  return parseYamlTable(readFileSync(file, "utf8"), schema, relative(ROOT, fileURLToPath(file)));
}
