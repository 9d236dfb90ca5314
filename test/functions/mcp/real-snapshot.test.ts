/**
 * On a snapshot built from the real upstream data (when it is beside the repo): every tool gives the REST payload, and
 * real payloads satisfy the output schemas the tools declare (the SDK client checks each structured result).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { realServiceForSuite } from "../../helpers/real-server.ts";
import { describeOnRealUpstream, realSnapshotForSuite } from "../../helpers/upstream-builds.ts";

describeOnRealUpstream("on the real snapshot", () => {
  const real = realSnapshotForSuite("venue-real-snapshots-");
  const service = realServiceForSuite(() => real().snapshotsDir);
  const rest = (path: string) => service().rest(path);
  const call = (name: string, args: Record<string, unknown>) => service().call(name, args);

  it("searches, lists and statistics equal REST", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [
        "search_conferences",
        { query: "learning", per_page: 50 },
        "/api/conferences?query=learning&per_page=50",
      ],
      ["search_conferences", { ccf_rank: "a", field: "ai" }, "/api/conferences?ccf_rank=a&field=ai"],
      ["search_journals", { query: "software", per_page: 50 }, "/api/journals?query=software&per_page=50"],
      ["list_conferences", { ranking: "cfp", per_page: 100 }, "/api/conferences/rankings/cfp?per_page=100"],
      ["list_conferences", { ranking: "cp_index" }, "/api/conferences/rankings/cp_index"],
      ["list_journals", { ranking: "cfp", per_page: 100 }, "/api/journals/rankings/cfp?per_page=100"],
      ["list_journals", { ranking: "highest_if" }, "/api/journals/rankings/highest_if"],
      ["get_statistics", {}, "/api/statistics"],
    ];
    for (const [name, args, path] of cases) {
      expect(await call(name, args), name).toEqual(await rest(path));
    }
  });

  it("qualis_rank=B5 gives the venues the reference rates B5 (older QUALIS scale); A3 still gives rows", async () => {
    const history = JSON.parse(
      await readFile(join(real().snapshotsDir, "latest", "rank-history.json"), "utf8"),
    ) as {
      rank_history: { system: string; edition: string; rank: string; kind: string; venue_id: string }[];
    };
    const ratedB5 = history.rank_history
      .filter((r) => r.system === "QUALIS" && r.edition.startsWith("reference-") && r.rank === "B5")
      .filter((r) => r.kind === "conference")
      .map((r) => r.venue_id);
    expect(ratedB5.length).toBeGreaterThan(0);
    const b5 = await rest("/api/conferences?qualis_rank=B5&per_page=100");
    expect(b5.conferences.map((c: { id: string }) => c.id).sort()).toEqual([...new Set(ratedB5)].sort());
    expect((await rest("/api/conferences?qualis_rank=A3")).pagination.total).toBeGreaterThan(0);
  });

  it("details of open calls equal REST and fit the declared schema", async () => {
    const { conferences } = (await call("list_conferences", { ranking: "cfp", per_page: 10 })) as {
      conferences: { id: string }[];
    };
    const { journals } = (await call("list_journals", { ranking: "cfp", per_page: 5 })) as {
      journals: { id: string }[];
    };
    expect(conferences.length + journals.length).toBeGreaterThan(0);
    for (const { id } of conferences) {
      expect(await call("get_conference", { id }), id).toEqual(await rest(`/api/conferences/${id}`));
    }
    for (const { id } of journals) {
      expect(await call("get_journal", { id }), id).toEqual(await rest(`/api/journals/${id}`));
    }
  });
});
