/**
 * The kinds of value a setting from the environment can hold, as zod schemas that name the variable in their
 * message: whole numbers, ports, booleans, host names, instants and directories. Every loader (the server's,
 * the credentials', the build's, the sync's, `npm start`'s) is made of these, so a bad value stops the process
 * at start with the same kind of message wherever it is read.
 */
import { accessSync, constants, existsSync, mkdtempSync, rmdirSync, statSync } from "node:fs";
import { isIP } from "node:net";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";

export type Env = Record<string, string | undefined>;

/** A setting that cannot be used; the message names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** The value as given, trimmed; undefined when unset or blank (blank means "the default"). */
const given = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

export const wholeNumber = (name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  given.transform((v, ctx) => {
    if (v === undefined) return fallback;
    const n = /^\d+$/.test(v) ? Number(v) : Number.NaN;
    if (n >= min && n <= max) return n;
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    ctx.addIssue({ code: "custom", message: `${name} must be a whole number ${range}, got "${v}"` });
    return z.NEVER;
  });

/** A TCP port; 0 asks the system for any free one. */
export const port = (name: string, fallback: number) => wholeNumber(name, fallback, 0, 65_535);

const TRUE = new Set(["true", "1"]);
const FALSE = new Set(["false", "0"]);

/** Only true/false/1/0: a typo such as "maybe" must not count as either. */
export const flag = (name: string, fallback: boolean) =>
  given.transform((v, ctx) => {
    if (v === undefined) return fallback;
    const lower = v.toLowerCase();
    if (TRUE.has(lower)) return true;
    if (FALSE.has(lower)) return false;
    ctx.addIssue({ code: "custom", message: `${name} must be true, false, 1 or 0, got "${v}"` });
    return z.NEVER;
  });

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/** An IP address or a DNS name; dotted digits must be a real IPv4 address (999.1.1.1 is not a name either). */
export const host = (name: string) =>
  given.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const bare = v.replace(/^\[(.*)\]$/, "$1");
    const isName =
      !/^[\d.]+$/.test(bare) && bare.length <= 253 && bare.split(".").every((l) => HOST_LABEL.test(l));
    if (isIP(bare) || isName) return bare;
    ctx.addIssue({ code: "custom", message: `${name} must be an IP address or a host name, got "${v}"` });
    return z.NEVER;
  });

/** An ISO 8601 date or date-time. */
export const instant = (name: string) =>
  given.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const at = /^\d{4}-\d{2}-\d{2}/.test(v) ? new Date(v) : new Date(Number.NaN);
    if (!Number.isNaN(at.getTime())) return at;
    ctx.addIssue({ code: "custom", message: `${name} must be an ISO date or date-time, got "${v}"` });
    return z.NEVER;
  });

/** Why `dir` cannot be used as a writable directory, or null: it is one, or its first missing level can be made. */
function unwritableDirectory(dir: string): string | null {
  const path = resolve(dir);
  try {
    if (existsSync(path)) {
      if (!statSync(path).isDirectory()) return "is not a directory";
      accessSync(path, constants.W_OK);
      return null;
    }
    let missing = path;
    while (!existsSync(dirname(missing))) missing = dirname(missing);
    // A probe made and removed beside it: permission bits alone do not tell (/proc accepts W_OK yet creates nothing),
    // and probing the path itself raced another process making it (removed under it, or ENOTEMPTY here).
    rmdirSync(mkdtempSync(join(dirname(missing), ".write-probe-")));
    return null;
  } catch (err) {
    return `cannot be created or written (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
  }
}

/** A directory setting, absolute once read; `problemOf` says what is wrong with the path (after its name), or null. */
const directorySetting = (name: string, fallback: string, problemOf: (path: string) => string | null) =>
  given.transform((v, ctx) => {
    const path = resolve(v ?? fallback);
    const problem = problemOf(path);
    if (!problem) return path;
    ctx.addIssue({ code: "custom", message: `${name} (${path}) ${problem}` });
    return z.NEVER;
  });

/** A directory the process writes into: it exists and is writable, or it can be created. Absolute once read. */
export const writableDirectory = (name: string, fallback: string) =>
  directorySetting(name, fallback, unwritableDirectory);

/** A directory the process only reads: it must exist. Absolute once read. */
export const existingDirectory = (name: string, fallback: string) =>
  directorySetting(name, fallback, (path) =>
    existsSync(path) && statSync(path).isDirectory() ? null : "is not an existing directory",
  );

/**
 * A directory the process reads and another may fill later (a server's SITE_DIR, published by a builder): a
 * directory, or not there yet (its absence is a readiness failure, said by /readyz), never a file. Absolute once read.
 */
export const readDirectory = (name: string, fallback: string) =>
  directorySetting(name, fallback, (path) =>
    !existsSync(path) || statSync(path).isDirectory() ? null : "is not a directory",
  );

/** Parses `env` with `schema`; every bad value is listed in one ConfigError, one line each. */
export function parseEnv<T>(schema: z.ZodType<T>, env: Env): T {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(configProblems(parsed.error.issues));
}

/** One line per issue: the message already names the variable; zod's own messages get it in front. */
export function configProblems(issues: readonly z.core.$ZodIssue[]): string {
  const lines = issues.map((i) => {
    const name = i.path.join(".");
    return name && !i.message.includes(name) ? `${name}: ${i.message}` : i.message;
  });
  return `invalid configuration:\n  ${lines.join("\n  ")}`;
}
