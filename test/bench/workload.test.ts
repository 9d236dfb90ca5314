import { describe, expect, it } from "vitest";
import {
  coldSearch,
  detailRequests,
  type EndpointGroup,
  endpointGroups,
  isSuccess,
  MIXED_WEIGHTS,
  mcpRequests,
  mixedGroup,
  mixedRequests,
  rankingRequests,
  searchRequests,
} from "../../bench/workload.ts";
import { CONFERENCE_RANKINGS, JOURNAL_RANKINGS } from "../../read/schema/api.ts";

describe("the bench workload", () => {
  it("judges REST envelopes by their code and MCP answers by their result", () => {
    expect(isSuccess('{"code":200,"message":"success","data":{}}')).toBe(true);
    expect(isSuccess('{"code":400,"message":"invalid request: per_page","data":null}')).toBe(false);
    expect(isSuccess('{"code":2000}')).toBe(false);
    expect(isSuccess('{"result":{"content":[]},"jsonrpc":"2.0","id":1}')).toBe(true);
    expect(isSuccess('{"result":{"content":[],"isError":true},"jsonrpc":"2.0","id":1}')).toBe(false);
    expect(isSuccess('{"jsonrpc":"2.0","error":{"code":-32600},"id":null}')).toBe(false);
    expect(isSuccess("Not found")).toBe(false);
  });

  it("asks for every ranking and for distinct searches", () => {
    const paths = rankingRequests().map((r) => r.path);
    for (const r of CONFERENCE_RANKINGS) expect(paths).toContain(`/api/conferences/rankings/${r}`);
    for (const r of JOURNAL_RANKINGS) expect(paths).toContain(`/api/journals/rankings/${r}`);
    const searches = searchRequests().map((r) => r.path);
    expect(new Set(searches).size).toBe(searches.length);
    const cold = Array.from({ length: 8000 }, (_, i) => coldSearch(i).path);
    expect(new Set(cold).size).toBe(8000);
  });

  it("sends details with the key, one journal after three conferences", () => {
    const requests = detailRequests(
      { conferences: ["1", "2", "3", "4", "5", "6"], journals: ["7", "8"] },
      "KEY",
    );
    expect(requests.map((r) => r.path)).toEqual([
      "/api/conferences/1",
      "/api/conferences/2",
      "/api/conferences/3",
      "/api/journals/7",
      "/api/conferences/4",
      "/api/conferences/5",
      "/api/conferences/6",
      "/api/journals/8",
    ]);
    for (const r of requests) expect(r.headers?.authorization).toBe("Bearer KEY");
    expect(mcpRequests(null, null).every((r) => r.method === "POST" && r.path === "/mcp")).toBe(true);
  });

  it("mixes the available groups by their weights", () => {
    const group = (name: string): EndpointGroup => ({
      name,
      description: name,
      requests: [{ method: "GET", path: `/${name}` }],
    });
    const all = mixedRequests(["search", "rankings", "statistics", "details", "mcp"].map(group));
    const share = (list: { path: string }[], name: string) =>
      list.filter((r) => r.path === `/${name}`).length / list.length;
    for (const [name, weight] of Object.entries(MIXED_WEIGHTS))
      expect(share(all, name)).toBeCloseTo(weight / 100, 2);
    // Without details and MCP, the rest keep their proportions.
    const some = mixedRequests(["search", "rankings", "statistics"].map(group));
    expect(share(some, "details")).toBe(0);
    expect(share(some, "search") / share(some, "rankings")).toBeCloseTo(35 / 25, 1);
  });

  it("lists the groups a run can reach: details with a key, MCP when it answers, cold searches fresh each time", () => {
    const ids = { conferences: ["1"], journals: ["7"] };
    const names = (groups: EndpointGroup[]) => groups.map((g) => g.name);
    const all = endpointGroups(ids, { apiKey: "KEY", mcp: true });
    // Without a key or an MCP endpoint, every group but details and MCP.
    const anonymous = ["search", "search-cold", "rankings", "feeds", "feeds-cold", "statistics"];
    expect(names(all)).toEqual([...anonymous, "details", "mcp"]);
    expect(names(endpointGroups(ids, { apiKey: null, mcp: false }))).toEqual(anonymous);
    const cold = all.find((g) => g.name === "search-cold");
    const fresh = [cold?.next?.(), cold?.next?.()].map((r) => r?.path);
    expect(fresh).toEqual([coldSearch(0).path, coldSearch(1).path]);
    expect(mixedGroup(all).requests).toEqual(mixedRequests(all));
  });

  it("asks every feed filter once before one repeats, none of them among the warm group's", () => {
    const all = endpointGroups({ conferences: [], journals: [] }, { apiKey: null, mcp: false });
    const warm = new Set(all.find((g) => g.name === "feeds")?.requests.map((r) => r.path));
    const cold = all.find((g) => g.name === "feeds-cold");
    const paths = Array.from({ length: 3000 }, () => cold?.next?.()?.path ?? "");
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.filter((p) => warm.has(p))).toEqual([]);
    expect(paths.every((p) => /^\/deadlines\.ics\?.*within_days=\d+$/.test(p))).toBe(true);
  });
});
