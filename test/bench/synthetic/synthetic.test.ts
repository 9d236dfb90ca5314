import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateUpstream } from "../../../bench/synthetic/generate.ts";
import { CopyNames, IssnAllocator, RealNames } from "../../../bench/synthetic/names.ts";
import { FileSink, JsonArrayFile } from "../../../bench/synthetic/sink.ts";
import { buildSnapshot } from "../../../pipeline/pipeline.ts";
import type { ConferenceRow, JournalRow } from "../../../snapshot/records.ts";

const FIXTURES = join(import.meta.dirname, "../../fixtures/upstream");
const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** Every file under `dir` with the sha256 of its bytes. */
function tree(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return Object.fromEntries(
    files.map((e) => {
      const path = join(e.parentPath, e.name);
      return [path.slice(dir.length), createHash("sha256").update(readFileSync(path)).digest("hex")];
    }),
  );
}

function snapshotRows(dir: string) {
  const json = (name: string) => JSON.parse(readFileSync(join(dir, name), "utf8"));
  return {
    conferences: json("conferences.json").conferences as ConferenceRow[],
    journals: json("journals.json").journals as JournalRow[],
  };
}

/** Snapshot folders the builds below write into, removed after the tests. */
const snapshotDirs: string[] = [];

async function build(upstreamDir: string) {
  const snapshotsDir = temp("vd-bench-snap-");
  snapshotDirs.push(snapshotsDir);
  const { dir } = await buildSnapshot({
    upstreamDir,
    snapshotsDir,
    baseUrl: "https://venues.example",
    now: new Date("2026-11-21T06:00:00Z"),
    log: () => {},
  });
  return snapshotRows(dir);
}

const tally = (values: string[]) => {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
};

describe("the synthetic upstream", () => {
  const dirs: string[] = [];
  let one: string;
  let three: string;
  beforeAll(async () => {
    one = temp("vd-synth-1-");
    three = temp("vd-synth-3-");
    dirs.push(one, three);
    await generateUpstream({ realDir: FIXTURES, outDir: one, scale: 1 });
    await generateUpstream({ realDir: FIXTURES, outDir: three, scale: 3 });
  });
  afterAll(() => {
    for (const dir of [...dirs, ...snapshotDirs]) rmSync(dir, { recursive: true, force: true });
  });

  it("is deterministic: the same scale gives the same bytes", async () => {
    const again = temp("vd-synth-3b-");
    dirs.push(again);
    await generateUpstream({ realDir: FIXTURES, outDir: again, scale: 3 });
    expect(tree(again)).toEqual(tree(three));
  });

  it("keeps the real files as they are at scale 1, and as the head of each appendable file above it", () => {
    for (const file of [
      "ccf-list/ccf_venues.csv",
      "pwc-ai-deadlines/conferences.yml",
      "core-history/CORE2023.csv",
    ]) {
      const real = readFileSync(join(FIXTURES, file), "utf8");
      expect(readFileSync(join(one, file), "utf8").startsWith(real), file).toBe(true);
      const scaled = readFileSync(join(three, file), "utf8");
      expect(scaled.startsWith(real), file).toBe(true);
      expect(scaled.length, file).toBeGreaterThan(real.length * 2);
    }
    expect(readFileSync(join(three, "ccfddl/conference/AI/aaai-c2.yml"), "utf8")).not.toContain("AAAI");
  });

  it("builds every renamed copy into the same catalogue, with the same rank distribution", async () => {
    // The reviewed alias table names real acronyms, so it can join rows of copy 0 only (the fixture's QUALIS lists
    // KDD twice): copies are compared with each other, each adding what the one before added.
    const two = temp("vd-synth-2-");
    dirs.push(two);
    await generateUpstream({ realDir: FIXTURES, outDir: two, scale: 2 });
    const [base, doubled, scaled] = [await build(one), await build(two), await build(three)];
    expect(doubled.conferences.length - base.conferences.length).toBeGreaterThan(
      base.conferences.length * 0.9,
    );
    expect(scaled.conferences.length - doubled.conferences.length).toBe(
      doubled.conferences.length - base.conferences.length,
    );
    expect(scaled.journals.length - doubled.journals.length).toBe(
      doubled.journals.length - base.journals.length,
    );
    expect(new Set(scaled.conferences.map((c) => c.id)).size).toBe(scaled.conferences.length);
    const ranks = (rows: ConferenceRow[]) =>
      tally(rows.map((c) => `${c.ccf_rank}|${c.core_rank}|${c.qualis_rank}`));
    const added = (from: ConferenceRow[], to: ConferenceRow[]) => {
      const before = ranks(from);
      return Object.fromEntries(Object.entries(ranks(to)).map(([k, n]) => [k, n - (before[k] ?? 0)]));
    };
    expect(added(doubled.conferences, scaled.conferences)).toEqual(
      added(base.conferences, doubled.conferences),
    );
    // Reference venues keep the reference's ids, moved up by 100,000 per copy.
    for (const c of base.conferences.filter((c) => c.reference_id !== null)) {
      const ids = scaled.conferences.filter((s) => s.reference_id !== null).map((s) => s.reference_id);
      for (const copy of [0, 1, 2]) expect(ids).toContain((c.reference_id as number) + copy * 100_000);
    }
    // New names: no copy repeats a real short name with the real full name.
    const realNames = new Set(base.conferences.map((c) => `${c.short_name}|${c.full_name}`));
    const copies = scaled.conferences.filter((c) => !realNames.has(`${c.short_name}|${c.full_name}`));
    expect(copies).toHaveLength(scaled.conferences.length - base.conferences.length);
  });
});

describe("CopyNames", () => {
  const real = new RealNames();
  real.title("International Conference on Machine Learning Systems");
  real.title("Journal of Database Theory");
  real.issn("1234-5678");
  const issns = new IssnAllocator(real.issns);
  const names = [1, 2, 3].map((copy) => new CopyNames(copy, [...real.vocabulary], issns));
  const [first, second] = names as [CopyNames, CopyNames];

  it("renames acronyms letter by letter, keeping case, digits and the society names the build strips", () => {
    const renamed = first.acronym("ACM NeurIPS'24");
    expect(renamed).toMatch(/^ACM [A-Z][a-z][a-z][a-z][A-Z][A-Z][A-Z]'24$/);
    expect(renamed).not.toBe("ACM NeurIPS'24");
    expect(first.acronym("NeurIPS")).toBe(first.acronym("NeurIPS"));
    expect(second.acronym("NEURIPS")).not.toBe(first.acronym("NEURIPS"));
  });

  it("replaces content words by real title words and keeps the words that say what a venue is", () => {
    const renamed = first.title("International Conference on Machine Learning Systems");
    expect(renamed).toMatch(/^International Conference on [A-Z]\w+ [A-Z]\w+ [A-Z]\w+$/);
    expect(renamed).not.toBe("International Conference on Machine Learning Systems");
    for (const word of renamed.split(" ").slice(3))
      expect(real.vocabulary.has(word.toLowerCase())).toBe(true);
    expect(first.title("Journal of Database Theory")).toMatch(/^Journal of [A-Z]\w+ [A-Z]\w+$/);
  });

  it("shifts every form of date by the same number of days", () => {
    const day = first.date("2026-08-22");
    const shift = (Date.parse(day) - Date.parse("2026-08-22")) / 86_400_000;
    expect(Math.abs(shift)).toBeLessThanOrEqual(180);
    expect(first.date("2026-08-22 23:59:59")).toBe(`${day} 23:59:59`);
    expect(first.epochMs(Date.parse("2026-08-22"))).toBe(Date.parse(day));
  });

  it("gives each copy its own ISSNs, never a real one, in the format it was given", () => {
    const copied = names.map((n) => n.issn("1234-5678"));
    expect(new Set(copied).size).toBe(3);
    expect(copied).not.toContain("1234-5678");
    for (const issn of copied) expect(issn).toMatch(/^\d{4}-\d{3}8$/);
    expect(first.issn("12345678")).toBe((copied[0] as string).replace("-", ""));
    expect(first.issn("00000000")).toBe("00000000");
  });

  it("makes dblp keys and numeric ids unique per copy, keeping ccfddl's 'N' (no page)", () => {
    expect(first.dblp("aaai")).not.toBe(second.dblp("aaai"));
    expect(first.dblp("N")).toBe("N");
    expect(first.id(87, 100_000)).toBe(100_087);
    expect(first.numericText("21100")).not.toBe(second.numericText("21100"));
  });
});

describe("JsonArrayFile", () => {
  it("writes valid JSON whether the array is bare, wrapped in header members, or empty", () => {
    const dir = temp("vd-json-");
    const sink = new FileSink(dir);
    const bare = new JsonArrayFile("bare.json", null);
    const wrapped = new JsonArrayFile("wrapped.json", {
      members: { title: "T", count: 3 },
      arrayKey: "rows",
    });
    const empty = new JsonArrayFile("empty.json", { members: { title: "E" }, arrayKey: "rows" });
    for (const f of [bare, wrapped, empty]) f.open(sink);
    bare.items(sink, [{ a: 1 }]);
    bare.items(sink, [{ a: 2 }, { a: [3] }]);
    wrapped.items(sink, [{ b: "x" }]);
    for (const f of [bare, wrapped, empty]) f.close(sink);
    expect(sink.close().files).toBe(3);
    const read = (name: string) => JSON.parse(readFileSync(join(dir, name), "utf8"));
    expect(read("bare.json")).toEqual([{ a: 1 }, { a: 2 }, { a: [3] }]);
    expect(read("wrapped.json")).toEqual({ title: "T", count: 3, rows: [{ b: "x" }] });
    expect(read("empty.json")).toEqual({ title: "E", rows: [] });
    rmSync(dir, { recursive: true, force: true });
  });
});
