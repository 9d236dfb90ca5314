/**
 * The server-rendered site search (functions/pages/site-search.ts) over real HTTP: results from the query layer in
 * the site's frame, filters, the open/closed marker, clear errors, and that neither the search nor login is
 * charged to the anonymous daily quota of the API.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnonymousAccess } from "../../../functions/edge/anonymous-access.ts";
import { SEARCH_SLOT } from "../../../functions/pages/site-search.ts";
import { FIXTURE_NOW } from "../../helpers/snapshot-fixture.ts";
import { fakeLogin, type Harness, startHarness } from "../api/harness.ts";

const FRAME = `<!doctype html><html><head><title>Search</title></head><body><main id="main">${SEARCH_SLOT}</main></body></html>`;
const QUOTA = 50;

let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    env: { ANON_DAILY_QUOTA: String(QUOTA) },
    site: { "search.html": FRAME, "zh/search.html": FRAME },
    overrides: {
      access: createAnonymousAccess({ dailyQuota: QUOTA, clock: () => FIXTURE_NOW }),
      login: fakeLogin,
    },
  });
});
afterAll(() => h?.close());

/** The links of the result rows and the outlook state each row is marked with. */
function rows(html: string): { name: string; call: string }[] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  return [...body.matchAll(/<tr><td[^>]*><a href="[^"]+">([^<]+)<\/a>[\s\S]*?<\/tr>/g)].map((m) => ({
    name: m[1] ?? "",
    call: /badge state-(\w+)/.exec(m[0])?.[1] ?? "none",
  }));
}

describe("site search", () => {
  it("renders results from the query layer in the site's frame, with a marker on every row", async () => {
    const res = await h.get("/search?kind=conferences&field=ai");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html).toContain('<main id="main"><form id="search"');
    expect(html).not.toContain(SEARCH_SLOT);
    const api = (await h.json("/api/conferences?field=ai")).body.data.conferences.map(
      (c: { short_name: string }) => c.short_name,
    );
    expect(rows(html).map((r) => r.name)).toEqual(api);
    expect(rows(html)).toContainEqual({ name: "NeurIPS", call: "closed" });
    expect(rows(html)).toContainEqual({ name: "ICML", call: "open" });
    // The form keeps the query: the field is selected.
    expect(html).toMatch(/<option value="ai" selected>/);
  });

  it("follows a rebuilt search.html without a restart", async () => {
    const rebuilt = FRAME.replace("<title>Search</title>", "<title>Search, rebuilt</title>");
    await writeFile(join(h.siteDir, "search.html"), rebuilt);
    try {
      expect(await (await h.get("/search")).text()).toContain("<title>Search, rebuilt</title>");
    } finally {
      await writeFile(join(h.siteDir, "search.html"), FRAME);
    }
    expect(await (await h.get("/search")).text()).toContain("<title>Search</title>");
  });

  it("filters by open calls only and by rank tier", async () => {
    const open = rows(await (await h.get("/search?kind=conferences&field=ai&open=1")).text());
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((r) => r.call === "open")).toBe(true);
    expect(open.map((r) => r.name)).not.toContain("NeurIPS");
    const coreAStar = rows(await (await h.get("/search?core_rank=A*")).text()).map((r) => r.name);
    const api = (await h.json("/api/conferences?core_rank=A*")).body.data.conferences.map(
      (c: { short_name: string }) => c.short_name,
    );
    expect(coreAStar).toEqual(api);
    expect(coreAStar.length).toBeGreaterThan(0);
  });

  it("reads q= as the keyword, as query= is: never the whole list for a query it did not read", async () => {
    const all = rows(await (await h.get("/search?kind=conferences")).text()).map((r) => r.name);
    const byQuery = await (await h.get("/search?query=ICML")).text();
    const res = await h.get("/search?q=ICML");
    expect(res.status).toBe(200);
    const byQ = await res.text();
    expect(rows(byQ).map((r) => r.name)).toEqual(rows(byQuery).map((r) => r.name));
    expect(rows(byQ).map((r) => r.name)).toContain("ICML");
    expect(rows(byQ).length).toBeLessThan(all.length);
    // The form shows the words searched for, under the page's own name for them; q is read, so no note.
    expect(byQ).toMatch(/<input type="search" name="query" value="ICML"/);
    expect(byQ).not.toContain('id="search-ignored"');
    // query= wins when both are sent.
    const both = rows(await (await h.get("/search?query=ICML&q=NeurIPS")).text()).map((r) => r.name);
    expect(both).toEqual(rows(byQuery).map((r) => r.name));
    // A word that matches nothing says so; it does not list every venue.
    const none = await (await h.get("/search?q=MMMzzz")).text();
    expect(rows(none)).toEqual([]);
    expect(none).toContain("No match.");
  });

  it("with no match among one kind, links the other kind's matches for the same words (TPAMI among conferences)", async () => {
    const html = await (await h.get("/search?query=TPAMI&ccf_rank=A")).text();
    expect(rows(html)).toEqual([]);
    expect(html).toContain("No match.");
    expect(html).toMatch(
      /<p id="search-other-kind" class="note">Among journals, 1 match these words: <a href="\/search\?query=TPAMI&#38;kind=journals">show them<\/a>\.<\/p>/,
    );
    const zh = await (await h.get("/zh/search?query=TPAMI")).text();
    expect(zh).toContain(
      '期刊中有 1 个与这些关键词匹配：<a href="/zh/search?query=TPAMI&#38;kind=journals">查看</a>。',
    );
    // Asked with q= (the same keyword), the link keeps the words: never every journal.
    expect(await (await h.get("/search?q=TPAMI")).text()).toContain(
      'href="/search?query=TPAMI&#38;kind=journals"',
    );
    // The link's page lists it; words that match nothing anywhere get no note.
    expect(rows(await (await h.get("/search?query=TPAMI&kind=journals")).text()).map((r) => r.name)).toEqual([
      "TPAMI",
    ]);
    expect(await (await h.get("/search?query=MMMzzz")).text()).not.toContain("search-other-kind");
  });

  it("names a parameter it does not read, with the one it most likely meant, in English and Chinese", async () => {
    const res = await h.get("/search?kind=conferences&ccf=A&utm_source=%3Cx%3E");
    expect(res.status).toBe(200);
    const html = await res.text();
    const note = /<p id="search-ignored"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1];
    expect(note).toBe(
      "Not a parameter of this search, left out: <code>ccf</code> (did you mean <code>ccf_rank</code>?), <code>utm_source</code>.",
    );
    const zh = await (await h.get("/zh/search?field=ai&serch=icml")).text();
    expect(/<p id="search-ignored"[^>]*>([\s\S]*?)<\/p>/.exec(zh)?.[1]).toBe(
      "以下不是本搜索的参数，已忽略：<code>serch</code>（是否想用 <code>query</code>？）。",
    );
    // Only the parameters the page reads: no note.
    expect(await (await h.get("/search?kind=journals&query=x&page=1")).text()).not.toContain(
      "search-ignored",
    );
  });

  it("answers a bad parameter with /api's message (400), never a 500, and escapes what it echoes", async () => {
    const res = await h.get("/search?core_rank=Z&query=%3Cscript%3E");
    expect(res.status).toBe(400);
    const html = await res.text();
    const api = (await h.json("/api/conferences?core_rank=Z")).body.message;
    expect(api).toMatch(/^invalid request: core_rank must be one or more of/);
    expect(html).toContain(`class="error">${api}</p>`);
    expect(html).not.toContain("<script>");
    expect(html).toContain('value="&#60;script&#62;"');
  });

  it("answers 60 searches from one address with a daily quota of 50, and login still works", async () => {
    for (let i = 0; i < 60; i++) {
      const res = await h.get(`/search?query=learn${i % 3}`);
      expect(res.status).toBe(200);
      await res.text();
    }
    // Use up the API quota itself: login is still answered.
    for (let i = 0; i < QUOTA; i++) await (await h.get("/api/conferences")).text();
    expect((await h.get("/api/conferences")).status).toBe(429);
    const login = await h.postJson("/api/login", { email: "ada@example.org", password: "correct horse" });
    expect(login.res.status).toBe(200);
    expect(login.body.code).toBe(200);
    expect(login.body.data.token).toBe("jwt.token.here");
    expect((await h.get("/search?query=learning")).status).toBe(200);
  });
});
