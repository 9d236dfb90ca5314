/**
 * Source fusion on the real upstream, end to end: the rounds trackers publish reach the venue they name, whole,
 * numbered alike in every table; every drop and every held-out row is in the build report with its rule.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { ACCEPTANCE_RULES } from "../../../pipeline/merge/acceptance.ts";
import { PLAUSIBILITY_RULES } from "../../../pipeline/merge/plausibility.ts";
import { RANK_HISTORY_RULES } from "../../../pipeline/merge/rank-history.ts";
import type { BuildReport } from "../../../pipeline/report.ts";
import type { ConferenceDetailData, ConferenceRow } from "../../../snapshot/records.ts";
import { describeOnRealUpstream, realSnapshotForSuite } from "../../helpers/upstream-builds.ts";

describeOnRealUpstream("source fusion on the real upstream", () => {
  const real = realSnapshotForSuite("venue-fusion-");
  const read = <T>(file: string): T => JSON.parse(readFileSync(join(real().dir, file), "utf8")) as T;
  const venue = (short: string) => {
    const rows = read<{ conferences: ConferenceRow[] }>("conferences.json").conferences;
    const matches = rows.filter((r) => r.short_name === short);
    expect(matches).toHaveLength(1);
    const row = matches[0] as ConferenceRow;
    const details = read<{ conferences: ConferenceDetailData[] }>("details.json").conferences;
    return { row, detail: details.find((d) => d.id === row.id) as ConferenceDetailData };
  };
  const submissions = (d: ConferenceDetailData, year: number) =>
    (d.editions.find((e) => e.year === year)?.deadlines ?? [])
      .filter((x) => x.type === "paper" || x.type === "abstract")
      .map((x) => `${x.type} ${x.date}`);

  it("keeps SIGMOD's four rounds, numbered 1 to 4 of 4 in the outlook, its table and the edition labels", () => {
    const { row, detail } = venue("SIGMOD");
    const cycle = detail.outlook.deadlines.filter((d) => d.cycle_year === 2027 && d.type === "paper");
    expect(cycle.map((d) => `${d.date} ${d.round}/${d.rounds}`)).toEqual([
      "2026-01-17 1/4",
      "2026-04-17 2/4",
      "2026-07-17 3/4",
      "2026-10-17 4/4",
    ]);
    const table = read<{
      outlook: { conference_id: string; cycle_year: number; round: number; rounds: number }[];
    }>("outlook.json").outlook.filter((d) => d.conference_id === row.id);
    expect(new Set(table.map((d) => d.rounds))).toEqual(new Set([4]));
    const labels = detail.editions.find((e) => e.year === 2027)?.deadlines.filter((d) => d.type === "paper");
    expect(labels?.map((d) => d.label)).toEqual([
      "paper (round 1)",
      "paper (round 2)",
      "paper (round 3)",
      "paper (round 4)",
    ]);
  });

  it("adds a round only a later round tracker publishes, and never a track of a tracker that lists tracks", () => {
    // ccfddl has SIGKDD 2027's first round; mpc has both: the second, 2027-01-28, is a round of its own.
    const kdd = venue("SIGKDD").detail;
    expect(submissions(kdd, 2027)).toEqual(
      expect.arrayContaining(["abstract 2026-07-19", "paper 2026-07-26", "paper 2027-01-28"]),
    );
    expect(kdd.outlook.next).toMatchObject({ date: "2027-01-28", estimated: false, round: 2, rounds: 2 });
    // hf lists WSDM 2026's short-paper deadlines beside the full papers': a track, not a second round.
    expect(submissions(venue("WSDM").detail, 2026)).toEqual(["abstract 2025-08-07", "paper 2025-08-14"]);
  });

  it("files mpc's PODS entry of the joint SIGMOD+PODS event under PODS, not SIGMOD", () => {
    const pods = venue("PODS").detail;
    expect(pods.sources).toContainEqual({ source: "mpc", key: "conferences.yml#PODS" });
    expect(submissions(pods, 2027)).toEqual(
      expect.arrayContaining(["abstract 2026-12-03", "paper 2026-12-10", "paper 2026-05-30"]),
    );
    const sigmod = venue("SIGMOD").detail;
    expect(sigmod.sources.filter((s) => s.source === "mpc")).toEqual([
      { source: "mpc", key: "conferences.yml#SIGMOD" },
    ]);
    expect(submissions(sigmod, 2027)).not.toContain("paper 2026-12-10");
  });

  it("holds out paperswithcode's CHI row titled as AAAI; QUALIS's CHI row titled as SIGKDD's goes where the alias table puts it", () => {
    const report = read<BuildReport>("build-report.json");
    const held = report.resolution.held_out.filter((h) => h.row.acronym === "CHI");
    expect(held.map((h) => [h.row.source, h.rule])).toEqual([["pwc", "acronym-title-conflict"]]);
    expect(held[0]?.acronym_venue.title).toMatch(/Human Factors in Computing Systems/);
    expect(held[0]?.title_venue.title).toMatch(/Artificial Intelligence/);
    // The QUALIS row's A1 is CHI's (its acronym; SIGKDD has its own row "KDD", A1): reviewed in aliases.yaml.
    const qualisKey = "QUALIS2017-2020#ACM SIGKDD Conference on Knowledge Discovery and Data Mining|CHI";
    const chi = venue("CHI");
    expect(chi.detail.sources).toContainEqual({ source: "qualis", key: qualisKey });
    expect(chi.row.qualis_rank).toBe("A1");
    const sigkdd = venue("SIGKDD");
    expect(sigkdd.detail.sources.map((s) => s.key)).not.toContain(qualisKey);
    expect(sigkdd.row.qualis_rank).toBe("A1");
    const markdown = readFileSync(join(real().dir, "build-report.md"), "utf8");
    expect(markdown).toContain(`### Held out (${report.resolution.held_out.length})`);
  });

  it('joins P2P\'s CCF rows ("P2P Computing") and its CORE and reference rows ("Peer-to-Peer Computing") in one venue', () => {
    const { row, detail } = venue("P2P");
    expect(row.ccf_rank).toBe("C");
    expect(new Set(detail.sources.map((s) => s.source))).toEqual(
      new Set(["ccf2026", "ccf", "reference", "core", "core_portal"]),
    );
  });

  it("names its rule for every dropped date, figure and rank in the build report", () => {
    const report = read<BuildReport>("build-report.json");
    const drops = report.conflicts.filter((c) => c.chosen.value === "dropped");
    expect(drops.length).toBeGreaterThan(0);
    const registries: [string, Record<string, string>][] = [
      ["plausibility rule ", PLAUSIBILITY_RULES],
      ["acceptance rule ", ACCEPTANCE_RULES],
      ["rank-history rule ", RANK_HISTORY_RULES],
    ];
    for (const c of drops) {
      const [prefix, rules] = registries.find(([p]) => c.chosen.source.startsWith(p)) ?? ["", {}];
      const rule = c.chosen.source.slice(prefix.length);
      expect(Object.keys(rules), c.chosen.source).toContain(rule);
      expect(c.why.startsWith(`${rule}: `)).toBe(true);
    }
  });
});
