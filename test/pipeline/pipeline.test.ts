import { execFile } from "node:child_process";
import { cpSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { importCcf2026 } from "../../pipeline/importers/ccf-2026.ts";
import { importIcore } from "../../pipeline/importers/icore.ts";
import { importQualis } from "../../pipeline/importers/qualis.ts";
import { normalizeCoreRank, normalizeTitle } from "../../pipeline/normalize/normalize.ts";
import type { ConferenceRow, JournalRow } from "../../snapshot/records.ts";
import { UPSTREAM_FIXTURES } from "../helpers/import-fixtures.ts";
import { buildTables, type SnapshotTables } from "../helpers/snapshot-tables.ts";
import { tempDirsForFile } from "../helpers/temp-dirs.ts";
import { describeOnRealUpstream, nextNightQualis, REAL_UPSTREAM } from "../helpers/upstream-builds.ts";

const tempDir = tempDirsForFile("vd-");

describe("the nightly build on fixtures", () => {
  const upstream = tempDir("upstream");
  const snapshots = tempDir("snapshots");
  let first: SnapshotTables;
  let second: SnapshotTables;

  beforeAll(async () => {
    cpSync(UPSTREAM_FIXTURES, upstream, { recursive: true });
    first = await buildTables(upstream, snapshots, "2026-11-20T06:00:00Z");
    // Next night: a venue is added to one list, and another venue's rank changes.
    await nextNightQualis(upstream);
    second = await buildTables(upstream, snapshots, "2026-11-21T06:00:00Z");
  });

  it("keeps every venue's id across builds and gives the new venue a new one", () => {
    const ids = (s: typeof first) =>
      new Map(s.conferences.map((c) => [`${c.short_name}|${c.full_name}`, c.id]));
    const before = ids(first);
    const after = ids(second);
    for (const [name, id] of before) expect(after.get(name), name).toBe(id);
    const added = second.conferences.find((c) => c.short_name === "NEWCONF");
    expect(added?.id).toMatch(/^\d+$/);
    expect([...before.values()]).not.toContain(added?.id);
    expect(second.conferences).toHaveLength(first.conferences.length + 1);
  });

  it("reuses the reference service's ids and links detail pages with PUBLIC_BASE_URL", () => {
    const withRef = first.conferences.filter((c) => c.reference_id !== null);
    expect(withRef.length).toBeGreaterThan(0);
    for (const c of withRef) expect(c.id).toBe(String(c.reference_id));
    for (const c of first.conferences)
      expect(c.detail_page).toBe(`https://venues.example/conference/${c.id}`);
  });

  it("dates a changed record with the build date and leaves unchanged ones as they were", () => {
    const threeDv = second.conferences.find((c) => c.short_name === "3DV");
    expect(threeDv?.qualis_rank).toBe("A2");
    expect(threeDv?.updated_at).toBe("2026-11-21");
    const added = second.conferences.find((c) => c.short_name === "NEWCONF");
    expect(added?.updated_at).toBe("2026-11-21");
    const unchanged = first.conferences.filter((c) => c.short_name !== "3DV");
    for (const c of unchanged) {
      expect(second.conferences.find((x) => x.id === c.id)?.updated_at, c.short_name).toBe(c.updated_at);
    }
  });

  it("never publishes a venue's own website or unlicensed acceptance figures", () => {
    const dir = realpathSync(join(snapshots, "latest"));
    const publicText = ["conferences.json", "conferences.csv", "journals.json", "journals.csv"]
      .map((f) => readFileSync(join(dir, f), "utf8"))
      .join("\n");
    const websites = second.details.conferences.map((d) => d.website).filter((w): w is string => !!w);
    expect(websites.length).toBeGreaterThan(0);
    for (const w of websites) expect(publicText).not.toContain(w);
    const sources = second.details.conferences.flatMap((d) => d.acceptance.map((a) => a.source));
    expect(sources).not.toContain("csconferences");
  });

  it("fails on a broken source file, naming it, and leaves latest untouched", async () => {
    const latestBefore = realpathSync(join(snapshots, "latest"));
    const manifestBefore = readFileSync(join(latestBefore, "manifest.json"), "utf8");
    const broken = tempDir("broken");
    cpSync(upstream, broken, { recursive: true });
    writeFileSync(join(broken, "ccfddl/conference/AI/aaai.yml"), "- title: AAAI\n  confs: [unclosed\n");
    const run = promisify(execFile)("npx", ["tsx", "scripts/snapshot.ts"], {
      cwd: join(import.meta.dirname, "../.."),
      env: {
        ...process.env,
        UPSTREAM_DIR: broken,
        SNAPSHOTS_DIR: snapshots,
        BUILD_NOW: "2026-11-22T06:00:00Z",
      },
    });
    const failure = await run.then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain("ccfddl/conference/AI/aaai.yml");
    expect(failure?.stderr).not.toMatch(/\n\s+at /);
    expect(realpathSync(join(snapshots, "latest"))).toBe(latestBefore);
    expect(readFileSync(join(latestBefore, "manifest.json"), "utf8")).toBe(manifestBefore);
    expect(readdirSync(snapshots).filter((f) => f.startsWith(".tmp"))).toEqual([]);
  });
});

describeOnRealUpstream("the nightly build on the real upstream data", () => {
  let snap: SnapshotTables;
  const byKey = new Map<string, ConferenceRow>();

  beforeAll(async () => {
    const snapshots = tempDir("real");
    snap = await buildTables(REAL_UPSTREAM, snapshots, "2026-11-21T06:00:00Z");
    const rows = new Map(snap.conferences.map((c) => [c.id, c]));
    for (const d of snap.details.conferences) {
      for (const s of d.sources) byKey.set(`${s.source}:${s.key}`, rows.get(d.id) as ConferenceRow);
    }
  });

  it("holds at least 2,400 conferences and 1,990 journals", () => {
    expect(snap.conferences.length).toBeGreaterThanOrEqual(2400);
    expect(snap.journals.length).toBeGreaterThanOrEqual(1990);
  });

  it("has every venue of the CCF 2026, ICORE2026 and QUALIS lists with its rank", async () => {
    // CCF 2026 is the current list, journals included; the 2022 rank stays in the rank history only.
    const ccf = await importCcf2026(REAL_UPSTREAM);
    for (const o of ccf.conferences)
      expect(byKey.get(`ccf2026:${o.key}`)?.ccf_rank, o.key).toBe(o.ranks[0]?.rank);
    const journals = new Map(snap.journals.map((j) => [j.id, j]));
    const journalByKey = new Map<string, JournalRow | undefined>();
    for (const d of snap.details.journals) {
      for (const s of d.sources) journalByKey.set(`${s.source}:${s.key}`, journals.get(d.id));
    }
    for (const o of ccf.journals)
      expect(journalByKey.get(`ccf2026:${o.key}`)?.ccf_rank, o.key).toBe(o.ccfRank);
    const icore = (await importIcore(REAL_UPSTREAM)).conferences.filter(
      (o) => normalizeCoreRank(o.ranks[0]?.rank ?? "") !== "",
    );
    expect(icore.length).toBeGreaterThan(790);
    for (const o of icore)
      expect(byKey.get(`icore:${o.key}`)?.core_rank, o.key).toBe(normalizeCoreRank(o.ranks[0]?.rank ?? ""));
    // A venue QUALIS lists twice (duplicate rows, merged by resolution) shows one of its ranks.
    const qualis = (await importQualis(REAL_UPSTREAM)).conferences;
    const rowsOf = new Map<ConferenceRow, number>();
    for (const o of qualis) {
      const row = byKey.get(`qualis:${o.key}`);
      if (row) rowsOf.set(row, (rowsOf.get(row) ?? 0) + 1);
    }
    // A row held out (its acronym and title name two venues) is in no venue, and listed in the build report.
    const heldOut = new Set(snap.report.resolution.held_out.map((h) => `${h.row.source}:${h.row.key}`));
    for (const o of qualis) {
      const row = byKey.get(`qualis:${o.key}`);
      expect(row === undefined, o.key).toBe(heldOut.has(`qualis:${o.key}`));
      if (row && (rowsOf.get(row) ?? 0) === 1) expect(row?.qualis_rank, o.key).toBe(o.ranks[0]?.rank);
    }
  });

  it("agrees with the reference service on CCF and CORE ranks for at least 98 % of shared venues", () => {
    const a = snap.report.rank_agreement;
    // Reference ids merged as duplicates of one venue are compared once.
    expect(a.compared).toBeGreaterThanOrEqual(1640);
    expect(a.ccf_rate).toBeGreaterThanOrEqual(0.98);
    expect(a.core_rate).toBeGreaterThanOrEqual(0.98);
    // Every disagreement is reported with where our value came from.
    expect(a.disagreements.length).toBe(2 * a.compared - a.ccf_agree - a.core_agree);
  });

  it("lists suspected duplicates in the build report, no more than the committed baseline", () => {
    const baseline = JSON.parse(readFileSync(join(import.meta.dirname, "quality-baseline.json"), "utf8"));
    const suspects = snap.report.resolution.suspected_duplicates;
    expect(suspects.conferences.length).toBeLessThanOrEqual(baseline.suspected_duplicates.conferences);
    expect(suspects.journals.length).toBeLessThanOrEqual(baseline.suspected_duplicates.journals);
    const markdown = readFileSync(join(snap.dir, "build-report.md"), "utf8");
    expect(markdown).toContain(`## Suspected duplicates (${suspects.conferences.length} conferences`);
    // Close pairs a curated list ranks as two venues are listed for review apart from the suspects.
    const apart = snap.report.resolution.listed_apart;
    expect(markdown).toContain(`### Listed apart (${apart.conferences.length} conferences`);
    expect(apart.conferences.map((p) => p.why)).toContain("identical title");
  });

  it("counts name defects in the build report, no more than the committed baseline", () => {
    const baseline = JSON.parse(readFileSync(join(import.meta.dirname, "quality-baseline.json"), "utf8"));
    const names = snap.report.names;
    expect(names.defects_total, JSON.stringify(names.defects)).toBeLessThanOrEqual(baseline.name_defects);
    expect(names.decisions["conference collision mark"]?.count).toBeGreaterThan(0);
    for (const c of snap.conferences) expect(c.short_name, c.full_name).not.toMatch(/'$/);
    const full = new Set(snap.conferences.map((c) => c.full_name));
    for (const name of [
      "The Web Conference",
      "IEEE/RSJ International Conference on Intelligent Robots and Systems",
      "ACM SIGPLAN Symposium on Principles & Practice of Parallel Programming",
    ])
      expect(full.has(name), name).toBe(true);
    const markdown = readFileSync(join(snap.dir, "build-report.md"), "utf8");
    expect(markdown).toContain(`## Name defects (${names.defects_total}`);
  });

  it("records every resolution decision by rule and sources in the build report", () => {
    const decisions = snap.report.resolution.decisions;
    expect(Object.keys(decisions).some((k) => k.startsWith("conference exact "))).toBe(true);
    expect(Object.keys(decisions).some((k) => k.startsWith("conference cannot-link "))).toBe(true);
    // Each rule of docs/pipeline.md is counted on its own (issue 27).
    const rules = snap.report.resolution.rules;
    for (const rule of [
      "publisher-prefix",
      "former-name",
      "joint",
      "successor",
      "title-contradicts",
      "title-conflict",
    ])
      expect(rules[`conference ${rule}`], rule).toBeGreaterThan(0);
    const markdown = readFileSync(join(snap.dir, "build-report.md"), "utf8");
    expect(markdown).toContain(`| conference joint | ${rules["conference joint"]} |`);
  });

  it("finds the last twins, links joint editions and undoes wrong merges (issue 27)", () => {
    const venue = (key: string) => byKey.get(key)?.id;
    const together = (...keys: string[]) => {
      const ids = keys.map(venue);
      expect(ids[0], keys[0]).toBeDefined();
      expect(new Set(ids).size, keys.join(" + ")).toBe(1);
    };
    // Same venue, two records: identical names, an acronym with a publisher before, after or glued to it.
    together("reference:conference/4722", "core:core/1195");
    together("reference:conference/5591", "core:core/261");
    together(
      "reference:conference/125",
      "qualis:QUALIS2017-2020#IEEE International Conference on Services Computing|IEEESCC",
    );
    together(
      "core:core/851",
      "qualis:QUALIS2017-2020#ACM Internacional Conference on Interaction Design and Children|ACMIDC",
    );
    together("core:core/2036", "reference:conference/3724");
    // Renamed venues: the old name's rows join the venue a note says was once so called.
    together(
      "reference:conference/176",
      "ccf2026:CCF2026#conference/working ieee ifip conference on software architecture",
    );
    // Joint editions belong to the series they join.
    together("core:core/491", "core:core/486");
    together("reference:conference/436", "hf:ijcnlp_and_aacl.yml#IJCNLP & AACL");
    together("reference:conference/749", "reference:conference/5651", "core:core/461");
    together("reference:conference/5692", "core:core/1441");
    together("core:core/223", "core:core/1885");
    together(
      "reference:conference/863",
      "qualis:QUALIS2017-2020#International Conference on Very Large Scale Integration|VLSI",
    );
    // Wrong merges undone: a title unlike the series an acronym part names.
    const apart = (a: string, b: string) => expect(venue(a), `${a} / ${b}`).not.toBe(venue(b));
    apart(
      "reference:conference/176",
      "qualis:QUALIS2017-2020#AES International Conference on Semantic Audio|AES-ICSA",
    );
    apart(
      "reference:conference/4624",
      "qualis:QUALIS2017-2020#IARIA International Conference on Networks|ICN-IARIA",
    );
    // paperswithcode's "CHI" titled as AAAI attaches nowhere.
    expect(venue("pwc:conferences.yml#CHI")).toBeUndefined();
    // Current names.
    const rows = new Map(snap.conferences.map((c) => [c.id, c]));
    const named = (key: string) => {
      const row = rows.get(venue(key) ?? "");
      return `${row?.short_name} / ${row?.full_name}`;
    };
    expect(named("core:core/599")).toBe("CSF / IEEE Computer Security Foundations Symposium");
    expect(named("reference:conference/430")).toBe("DS / Discovery Science");
    expect(snap.journals.filter((j) => j.full_name === "The Web Conference")).toEqual([]);
    expect(snap.journals.filter((j) => /^MIS Quarterly/.test(j.full_name)).length).toBe(1);
  });

  it("gives every ISSN to one journal and lists no journal twice (issue 10 §5)", () => {
    const owners = new Map<string, string[]>();
    for (const j of snap.journals)
      for (const issn of new Set([...j.issns, ...(j.issn ? [j.issn] : [])]))
        owners.set(issn, [...(owners.get(issn) ?? []), `${j.id} ${j.full_name}`]);
    expect([...owners].filter(([, ids]) => ids.length > 1)).toEqual([]);
    // TMC keeps 1536-1233; TSUSC, which the reference also files under it, does not.
    expect(snap.journals.find((j) => j.short_name === "TSUSC")?.issns).not.toContain("1536-1233");
    const titles = new Map<string, string[]>();
    for (const j of snap.journals) {
      const t = normalizeTitle(j.full_name);
      titles.set(t, [...(titles.get(t) ?? []), j.id]);
    }
    // One title, two journals only where SCImago lists both under disjoint ISSNs: Hindawi's and the IET's
    // Journal of Engineering.
    const issnsOf = (id: string) => snap.journals.find((j) => j.id === id)?.issns ?? [];
    expect(
      [...titles]
        .filter(([, ids]) => ids.length > 1)
        .map(([title, ids]) => [title, ids.map(issnsOf).map((issns) => [...issns].sort())]),
    ).toEqual([["journal of engineering", [["2314-4904", "2314-4912"], ["2051-3305"]]]]);
    // Performance Evaluation: the CCF record (rank, no ISSN) and the ISSN record are one journal.
    const pe = snap.journals.filter((j) => /^Performance Evaluation(:|$)/.test(j.full_name));
    expect(pe.map((j) => [j.ccf_rank, j.issns])).toEqual([["B", ["0166-5316"]]]);
  });

  it("keeps the reference's older QUALIS value in the rank history", () => {
    const b5 = snap.details.conferences.filter((d) =>
      d.rank_history.some(
        (r) => r.system === "QUALIS" && r.edition.startsWith("reference") && r.rank === "B5",
      ),
    );
    expect(b5.length).toBeGreaterThan(0);
    const rows = new Map(snap.conferences.map((c) => [c.id, c]));
    for (const d of b5) expect(rows.get(d.id)?.qualis_rank).not.toBe("B5");
  });

  it("tops the cp_index list with well-documented CCF A / CORE A* venues (issue 13 §7)", () => {
    // The order of GET /api/conferences/rankings/cp_index: score, then id.
    const top = snap.conferences
      .filter((c) => c.cp_index !== null)
      .sort((a, b) => (b.cp_index?.score ?? 0) - (a.cp_index?.score ?? 0) || Number(a.id) - Number(b.id))
      .slice(0, 20);
    const label = top.map((c) => `${c.short_name} ${c.ccf_rank}/${c.core_rank} ${c.cp_index?.score}`);
    const topTier = top.filter((c) => c.ccf_rank === "A" || c.core_rank === "A*");
    expect(topTier.length, label.join(", ")).toBeGreaterThanOrEqual(16);
    for (const c of top) expect(c.cp_index?.confidence, c.short_name).toBeGreaterThanOrEqual(0.75);
    // Venues the reference does not count: longevity and community come from their history and submissions.
    for (const name of ["NeurIPS", "ICML", "CVPR"]) {
      const cp = snap.conferences.find((c) => c.short_name === name)?.cp_index;
      const unknown = cp?.breakdown.filter((f) => !f.known) ?? [];
      expect(unknown, name).toEqual([]);
      expect(cp?.score, name).toBeGreaterThan(85);
    }
  });
});
