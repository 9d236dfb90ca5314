/**
 * A journal's fields when several of its rows state them, on the snapshot built from the real upstream data: the
 * current list's name (Discover Computing), the field a journal's other reference row has (TASLP's impact factor),
 * the title the other sources agree with (TETC, Sustainable Computing), each rank claim once (TOMM), a journals/
 * dblp key (Parallel Computing, IET Software), the main ISSN SCImago lists under the journal's name (TNNLS), one
 * metrics row a year (gis.Science), two calls of one title with two deadlines (JAIS), and every reference id a
 * venue holds leading to it (ids.json's `merged`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { describeOnRealUpstream, realSnapshotForSuite } from "../../helpers/upstream-builds.ts";

interface Journal {
  id: string;
  short_name: string | null;
  full_name: string;
  issn: string | null;
  issns: string[];
  impact_factor: string | null;
}

interface JournalDetail {
  id: string;
  dblp: string | null;
  rank_history: { system: string; edition: string; rank: string; source: string }[];
  metrics: { year: number; sjr: number | null }[];
  special_issues: { title: string; submission_date: string | null; url: string | null }[];
}

describeOnRealUpstream("journals merged from several rows (real snapshot)", () => {
  const real = realSnapshotForSuite("vd-journal-rows-");
  const files = new Map<string, unknown>();
  // biome-ignore lint/suspicious/noExplicitAny: the snapshot's JSON files, read as the tests use them
  const read = (name: string): any => {
    if (!files.has(name)) files.set(name, JSON.parse(readFileSync(join(real().dir, name), "utf8")));
    return files.get(name);
  };
  const journal = (id: string): Journal => {
    const row = (read("journals.json").journals as Journal[]).find((j) => j.id === id);
    if (!row) throw new Error(`no journal ${id}`);
    return row;
  };
  const detail = (id: string): JournalDetail => {
    const row = (read("details.json").journals as JournalDetail[]).find((j) => j.id === id);
    if (!row) throw new Error(`no journal detail ${id}`);
    return row;
  };

  it("names a renamed journal as the current list does, the old name an alias (IR, 114)", () => {
    const ir = journal("114");
    expect(ir.full_name).toBe("Discover Computing");
    expect(ir.short_name).toBe("IR");
    // The reference's ISSN is Discover Computing's: SCImago's record (to 2021) is Information Retrieval's.
    expect(ir.issn).toBe("2948-2992");
    const aliases = (read("aliases.json").aliases as { kind: string; venue_id: string; alias: string }[])
      .filter((a) => a.kind === "journal" && a.venue_id === "114")
      .map((a) => a.alias);
    expect(aliases).toContain("Information Retrieval Journal");
  });

  it("takes a field the kept reference row lacks from the journal's other one (TASLP's impact factor)", () => {
    // ccf-journals.csv's row 148 has no impact factor; top-impact-factor-journals.csv's 1143 (the same journal) 5.1.
    expect(journal("148").impact_factor).toBe("5.1");
  });

  it("takes the title from the reference row the other sources agree with", () => {
    // Rows 324 ("IEEE Transaction on …") and 563 ("IEEE Transactions on …", SCImago's spelling).
    expect(journal("324").full_name).toBe("IEEE Transactions on Emerging Topics in Computing");
    // Rows 414 ("Sustainable Computing") and 892 (SCImago's full title).
    expect(journal("414").full_name).toBe("Sustainable Computing: Informatics and Systems");
  });

  it("lists each rank claim once (TOMM: two reference rows claim CCF B)", () => {
    const claims = detail("23").rank_history.map((r) => `${r.system} ${r.edition} ${r.rank} ${r.source}`);
    expect(claims.filter((c) => c.endsWith(" reference"))).toHaveLength(1);
    expect(new Set(claims).size).toBe(claims.length);
  });

  it("never lists one rank claim twice on any journal", () => {
    const twice = (read("details.json").journals as JournalDetail[]).filter((d) => {
      const claims = d.rank_history.map((r) => JSON.stringify(r));
      return new Set(claims).size !== claims.length;
    });
    expect(twice.map((d) => d.id)).toEqual([]);
  });

  it("gives a journal a journals/ dblp key, the current list's (Parallel Computing, IET Software)", () => {
    expect(detail("20").dblp).toBe("journals/pc");
    expect(detail("84").dblp).toBe("journals/iet-sen");
    const offKind = (read("details.json").journals as JournalDetail[]).filter(
      (d) => d.dblp !== null && !d.dblp.startsWith("journals/"),
    );
    expect(offKind.map((d) => `${d.id} ${d.dblp}`)).toEqual([]);
  });

  it("shows the ISSN SCImago lists under the journal's name, not the predecessor's (TNNLS)", () => {
    const tnnls = journal("188");
    expect(tnnls.issn).toBe("2162-237X");
    // Every ISSN stays listed.
    expect([...tnnls.issns].sort()).toEqual(["1045-9227", "2162-237X", "2162-2388"]);
  });

  it("keeps one metrics row a year, the current record's (gis.Science, two SCImago records in 2017)", () => {
    const all = read("details.json").journals as JournalDetail[];
    const gis = all.find((d) => d.metrics.some((m) => m.year === 2017) && journal(d.id).issn === "1869-9391");
    if (!gis) throw new Error("no journal of ISSN 1869-9391");
    expect(gis.metrics.map((m) => m.year)).toEqual([2017, 2018, 2019, 2020, 2021]);
    // SCImago 2017: 21100364441 (gis.Science, to 2021) 0.114; 6000195384 (GIS-Zeitschrift, to 2014) 0.100.
    expect(gis.metrics[0]?.sjr).toBe(0.114);
    const repeated = all.filter((d) => new Set(d.metrics.map((m) => m.year)).size !== d.metrics.length);
    expect(repeated.map((d) => d.id)).toEqual([]);
  });

  it("keeps two calls of one title with different deadlines apart (JAIS)", () => {
    const calls = detail("726").special_issues.filter(
      (s) => s.title === "Innovation in Information Infrastructures (III)",
    );
    expect(calls.map((c) => c.submission_date)).toEqual(["2014-04-01", "2014-05-01"]);
  });

  it("leads every further reference id a venue holds to the venue (ids.json merged, merged.json)", () => {
    const merged = read("merged.json") as Record<"conferences" | "journals", Record<string, string>>;
    expect(merged.journals).toMatchObject({ "1143": "148", "595": "23", "563": "324", "892": "414" });
    // Every reference id a venue's registry entry holds is the venue's own or leads to it, conferences too.
    const ids = read("ids.json") as Record<
      "conferences" | "journals",
      { entries: Record<string, { keys: string[] }> }
    >;
    for (const kind of ["conferences", "journals"] as const) {
      const lost = Object.entries(ids[kind].entries).flatMap(([id, e]) =>
        e.keys
          .flatMap((k) => (/^ref:\d+$/.test(k) ? [k.slice(4)] : []))
          .filter((ref) => ref !== id && merged[kind][ref] !== id)
          .map((ref) => `${ref} → ${id}`),
      );
      expect(lost, kind).toEqual([]);
    }
    expect(merged.conferences["87"]).toBe("86");
  });
});
