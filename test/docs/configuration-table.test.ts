/**
 * README's Configuration table against the code, both ways: every variable the code reads from the environment has
 * its row, every row names a variable the code reads, and every default the table writes as a value is the code's
 * (setting the variable to it changes nothing any settings loader returns, while another value changes something,
 * so the loader does read it).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { readAuthConfig } from "../../accounts/auth/config.ts";
import { readMailConfig } from "../../accounts/mail/config.ts";
import { quotaLeaseOf, redisPrefixOf, reservationLeaseOf, stateDirOf } from "../../accounts/store/index.ts";
import { loadConfig } from "../../functions/server-config.ts";
import { readBuildSettings, readSyncSettings } from "../../pipeline/settings.ts";
import { publicBaseUrl } from "../../runtime/base-url.ts";
import { readStartSettings } from "../../scripts/start-settings.ts";
import { REPO_ROOT } from "../helpers/run-ts.ts";

/** Where settings are read: the layers that run as a process (src/lib: the site build's own settings). */
const CODE_FOLDERS = ["runtime", "accounts", "pipeline", "functions", "scripts", "src/lib"];

/** Names the code reads from the environment that are not settings, with why. */
const NOT_SETTINGS: Record<string, string> = {
  VD_BUILD_LOCK_HELD:
    "set by a build for the builds it starts (pipeline/build-lock.ts), never by an operator",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|mjs|js)$/.test(name) ? [path] : [];
  });
}

/** Every environment variable a source file reads: `env.X`, `env["X"]`, a reader given "X", a schema key X. */
function variablesRead(text: string): string[] {
  const readers =
    "wholeNumber|port|host|flag|instant|existingDirectory|writableDirectory|minFreeEnv|count|secret|parseEnv";
  const patterns = [
    /\benv\??\.([A-Z][A-Z0-9_]+)\b/g,
    /\benv\[\s*"([A-Z][A-Z0-9_]+)"\s*\]/g,
    new RegExp(`\\b(?:${readers})\\(\\s*(?:env,\\s*)?"([A-Z][A-Z0-9_]+)"`, "g"),
    /^\s+([A-Z][A-Z0-9_]+):\s*(?:z\b|wholeNumber|port\(|host\(|flag\(|instant\(|existingDirectory|writableDirectory|minFreeEnv|[A-Z]\w*Env\b)/gm,
  ];
  // `process.env[BUILD_LOCK_HELD]`: a constant naming the variable.
  const constants = [...text.matchAll(/const ([A-Z_]+) = "([A-Z][A-Z0-9_]+)";/g)];
  const byConstant = constants
    .filter(([, name]) => new RegExp(`env\\[${name}\\]`).test(text))
    .map(([, , value]) => value as string);
  return [...patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[1] as string)), ...byConstant];
}

const readByCode = new Map<string, string[]>();
for (const folder of CODE_FOLDERS) {
  for (const file of sourceFiles(join(REPO_ROOT, folder))) {
    for (const name of variablesRead(readFileSync(file, "utf8"))) {
      readByCode.set(name, [...(readByCode.get(name) ?? []), relative(REPO_ROOT, file)]);
    }
  }
}

interface Row {
  names: string[];
  defaults: (string | null)[];
}

/** The README's Configuration table: each row's variables and, where the default is written as a value, that value. */
function configurationTable(): Row[] {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? "";
  return section
    .split("\n")
    .filter((line) => /^\| `[A-Z]/.test(line))
    .map((line) => {
      const [names = "", defaults = ""] = line.split("|").slice(1, 3);
      const nameList = [...names.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] as string);
      // "`24`, `60`": one default per name; a default with prose, a path from another setting or none: null.
      const values = defaults.split(",").map((d) => d.trim().match(/^`([^`$<]+)`/)?.[1] ?? null);
      return {
        names: nameList,
        defaults: nameList.map(
          (_, i) => (values.length === nameList.length ? values[i] : i === 0 ? values[0] : null) ?? null,
        ),
      };
    });
}

const rows = configurationTable();
const documented = new Set(rows.flatMap((r) => r.names));

/** What every settings loader makes of `env` (an error counts as an answer too), as comparable text. */
function loaded(env: Record<string, string>): string[] {
  const run = (read: () => unknown) => {
    try {
      // The server hands the store its settings as text (`store`); the store applies REDIS_PREFIX's default itself.
      return JSON.stringify(read(), (key, v) =>
        key === "store" && v
          ? { ...v, REDIS_PREFIX: redisPrefixOf(v) }
          : v instanceof Date
            ? v.toISOString()
            : v,
      );
    } catch (err) {
      return `error: ${(err as Error).message}`;
    }
  };
  return [
    run(() => loadConfig(env, { siteBuiltHere: true })),
    run(() => readStartSettings(env)),
    run(() => readBuildSettings(env)),
    run(() => readSyncSettings(env)),
    run(() => readMailConfig(env)),
    run(() => readAuthConfig(env)),
    run(() => [
      stateDirOf(env),
      redisPrefixOf(env),
      reservationLeaseOf(env),
      quotaLeaseOf(env),
      publicBaseUrl(env),
    ]),
  ];
}

/** A value other than `value` of the same kind, valid where possible. */
function another(value: string): string {
  if (/^\d+$/.test(value)) return String(Number(value) + 1);
  if (/^\d+%$/.test(value)) return `${Number.parseInt(value, 10) + 1}%`;
  const swaps: Record<string, string> = { true: "false", info: "warn", all: "server", "vd:": "other:" };
  return swaps[value] ?? `${value}-other`;
}

// A fixed build clock, so BUILD_NOW's default ("now") does not move between two loads.
const BASE = { BUILD_NOW: "2026-01-01" };
const withDefaults = rows.flatMap((row) =>
  row.names.flatMap((name, i) => {
    const value = row.defaults[i];
    return value ? [{ name, value }] : [];
  }),
);

describe("README's Configuration table", () => {
  it("is found, and so are the variables the code reads", () => {
    expect(rows.length).toBeGreaterThan(50);
    expect(readByCode.size).toBeGreaterThan(50);
    expect(withDefaults.length).toBeGreaterThan(40);
  });

  it("has a row for every variable the code reads", () => {
    const missing = [...readByCode.keys()]
      .filter((name) => !documented.has(name) && !(name in NOT_SETTINGS))
      .map((name) => `${name} (read in ${[...new Set(readByCode.get(name))].join(", ")})`);
    expect(missing).toEqual([]);
  });

  it("names only variables the code reads", () => {
    expect([...documented].filter((name) => !readByCode.has(name))).toEqual([]);
  });

  it.each(withDefaults)("gives $name the code's default ($value)", ({ name, value }) => {
    const unset = loaded(BASE);
    expect(
      unset.filter((answer) => answer.startsWith("error")),
      "the defaults load",
    ).toEqual([]);
    expect(loaded({ ...BASE, [name]: value })).toEqual(unset);
    expect(loaded({ ...BASE, [name]: another(value) }), `no loader reads ${name}`).not.toEqual(unset);
  });
});
