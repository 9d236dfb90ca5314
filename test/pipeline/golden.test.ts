/**
 * The golden set (issue 10 §8): hand-checked venues (test/pipeline/golden-venues.yaml) with the name and ranks a
 * researcher expects, taken from the upstream lists themselves (CCF 2026, ICORE2026, QUALIS), never from our
 * output. Each must be found exactly once (not split), never share a record with another golden venue, and carry
 * the expected names and ranks. The share fully right may not fall below GOLDEN_FLOOR (raise it, never lower it).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { describeOnRealUpstream, realSnapshotForSuite } from "../helpers/upstream-builds.ts";

/** Share of golden venues fully right on today's upstream data: only ever raised. */
const GOLDEN_FLOOR = 0.995;

const Rank = z.string().nullable();
const Golden = z
  .object({
    kind: z.enum(["conference", "journal"]),
    short_name: z.string().min(1),
    full_name: z.string().min(1),
    ccf_rank: Rank,
    core_rank: Rank.optional(),
    qualis_rank: Rank.optional(),
    /** How to find it: a dblp key ("conf/sigmod"), else the full name (folded). */
    dblp: z.string().optional(),
    find: z.string().optional(),
    note: z.string().optional(),
  })
  .strict()
  .refine((g) => g.dblp || g.find, "give dblp or find");
type Golden = z.infer<typeof Golden>;

interface Venue {
  id: string;
  short_name: string;
  full_name: string;
  ccf_rank: string;
  core_rank?: string;
  qualis_rank?: string;
  keys: string[];
}

/** Case, punctuation and whitespace do not count. */
const fold = (s: string | null | undefined) => (s ?? "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
const words = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 0),
  );
function jaccard(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared / Math.max(1, x.size + y.size - shared);
}

function loadGolden(): Golden[] {
  const raw = parse(readFileSync(join(import.meta.dirname, "golden-venues.yaml"), "utf8"));
  return z.array(Golden).parse(raw.venues);
}

function loadVenues(dir: string, kind: "conferences" | "journals"): Venue[] {
  const rows = JSON.parse(readFileSync(join(dir, `${kind}.json`), "utf8"))[kind] as Omit<Venue, "keys">[];
  const ids = JSON.parse(readFileSync(join(dir, "ids.json"), "utf8"))[kind].entries as Record<
    string,
    { keys: string[] }
  >;
  return rows.map((r) => ({ ...r, keys: ids[r.id]?.keys ?? [] }));
}

/** Every problem of one golden venue against the snapshot; empty when fully right. */
function check(g: Golden, venues: Venue[]): { id: string | null; problems: string[] } {
  const found = g.dblp
    ? venues.filter((v) => v.keys.includes(`dblp:${g.dblp}`))
    : venues.filter((v) => fold(v.full_name) === fold(g.find));
  // One full name may be two venues' (CCF's Inscrypt row bears ICISC's title): the acronym tells them apart.
  const named = found.length > 1 ? found.filter((v) => fold(v.short_name) === fold(g.short_name)) : [];
  if (named.length > 0) found.splice(0, found.length, ...named);
  if (found.length === 0) return { id: null, problems: ["not found"] };
  const problems: string[] = [];
  if (found.length > 1) problems.push(`found ${found.length} times (${found.map((v) => v.id).join(", ")})`);
  const v = found[0] as Venue;
  const split = venues.filter(
    (o) =>
      o.id !== v.id &&
      fold(o.short_name) === fold(v.short_name) &&
      (fold(o.full_name) === fold(v.full_name) || jaccard(o.full_name, v.full_name) >= 0.8),
  );
  if (split.length > 0)
    problems.push(`split: also ${split.map((o) => `${o.id} "${o.full_name}"`).join(", ")}`);
  const expect = (field: string, want: string | null | undefined, got: string | undefined) => {
    if (want === undefined) return;
    if ((want ?? "") !== (got ?? ""))
      problems.push(`${field} ${JSON.stringify(got ?? "")} ≠ ${JSON.stringify(want ?? "")}`);
  };
  if (fold(v.short_name) !== fold(g.short_name)) problems.push(`short_name "${v.short_name}"`);
  if (fold(v.full_name) !== fold(g.full_name)) problems.push(`full_name "${v.full_name}"`);
  expect("ccf_rank", g.ccf_rank, v.ccf_rank);
  if (g.kind === "conference") {
    expect("core_rank", g.core_rank, v.core_rank);
    expect("qualis_rank", g.qualis_rank, v.qualis_rank);
  }
  return { id: v.id, problems };
}

describe("golden venues file", () => {
  it("holds at least 280 valid, distinct venues", () => {
    const golden = loadGolden();
    expect(golden.length).toBeGreaterThanOrEqual(280);
    const labels = golden.map((g) => `${g.kind} ${g.dblp ?? fold(g.find)}`);
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
  });
});

describeOnRealUpstream("golden venues on the real snapshot", () => {
  const real = realSnapshotForSuite("venue-golden-");

  it(`gets at least ${GOLDEN_FLOOR * 100} % of the golden venues fully right`, () => {
    const golden = loadGolden();
    const { dir } = real();
    const venues = { conference: loadVenues(dir, "conferences"), journal: loadVenues(dir, "journals") };
    const results = golden.map((g) => ({ g, ...check(g, venues[g.kind]) }));
    // Two golden venues are never one record.
    const byId = new Map<string, typeof results>();
    for (const r of results) {
      if (r.id === null) continue;
      const key = `${r.g.kind}:${r.id}`;
      byId.set(key, [...(byId.get(key) ?? []), r]);
    }
    for (const group of byId.values()) {
      if (group.length < 2) continue;
      for (const r of group)
        r.problems.push(
          `merged with ${group
            .filter((o) => o !== r)
            .map((o) => o.g.short_name)
            .join(", ")}`,
        );
    }
    const misses = results.filter((r) => r.problems.length > 0);
    const score = (results.length - misses.length) / results.length;
    const report = misses.map(
      (r) => `${r.g.kind} ${r.g.short_name} (${r.g.dblp ?? r.g.find}): ${r.problems.join("; ")}`,
    );
    console.log(
      `golden venues: ${results.length - misses.length}/${results.length} fully right (${(score * 100).toFixed(1)} %)`,
    );
    expect(
      score,
      `golden score ${(score * 100).toFixed(1)} % below the floor; misses:\n${report.join("\n")}`,
    ).toBeGreaterThanOrEqual(GOLDEN_FLOOR);
    if (misses.length > 0) console.log(`golden misses:\n${report.join("\n")}`);
  });
});
