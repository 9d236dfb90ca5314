/**
 * What the pages say about ranks and names, on the real upstream data over real HTTP (the site built from the real
 * pipeline, cut down to a few venues and every CCF A one): a rank's source is the claim the build took it from
 * (ACISP's CORE B is ICORE2026's "Australasian B", not the reference service's plain "B"), a CORE tier's list says
 * what it holds (IPSN's A* is CORE2023's alone), and names are the spelling the lists agree on (NSDI, ISWC, ACISP).
 */
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { RunningServer } from "../../functions/app.ts";
import type { ConferenceRow, RankHistoryEntry } from "../../snapshot/records.ts";
import { ACCOUNT, fakeAccess } from "../functions/api/harness.ts";
import { describeOnRealUpstream } from "../helpers/upstream-builds.ts";
import { type BuiltSite, serveSite } from "./build-site.ts";
import { buildRealSubsetSite } from "./real-subset-site.ts";

const BASE_URL = "https://venues.test";
const PICKED = ["ACISP", "IPSN", "ISWC", "NSDI", "WWW"];

/** The page's rank cards: system, tier and where it comes from, as shown. */
function rankCards(html: string): { system: string; tier: string; from: string }[] {
  const list = /<ul class="ranks"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => {
    const span = (cls: string) =>
      (new RegExp(`<span class="${cls}"[^>]*>([\\s\\S]*?)</span>`).exec(m[1] ?? "")?.[1] ?? "").trim();
    return { system: span("system"), tier: span("tier"), from: span("from") };
  });
}

const ENTITIES: Record<string, string> = {
  "&#39;": "'",
  "&quot;": '"',
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
};
/** The text of the first element `selector` captures, tags dropped and entities read. */
const text = (html: string, selector: RegExp) =>
  (selector.exec(html)?.[1] ?? "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#39;|&quot;|&amp;|&lt;|&gt;/g, (e) => ENTITIES[e] ?? e)
    .trim();

describeOnRealUpstream("rank sources and names on the real data", () => {
  let site: BuiltSite;
  let server: RunningServer;
  const byName = new Map<string, ConferenceRow>();

  beforeAll(async () => {
    site = await buildRealSubsetSite("rank-sources", { conferences: PICKED, journals: [] }, BASE_URL);
    server = await serveSite(site, BASE_URL, {}, { access: fakeAccess() });
    const rows: ConferenceRow[] = JSON.parse(
      readFileSync(join(site.snapshotsDir, "latest", "conferences.json"), "utf8"),
    ).conferences;
    // Two venues share an acronym (ISWC: Semantic Web, CCF B; Wearable Computers, unranked): the ranked one.
    for (const row of rows)
      if (row.ccf_rank || (PICKED.includes(row.short_name) && !byName.has(row.short_name)))
        byName.set(row.short_name, row);
    for (const name of PICKED) expect(byName.has(name), `${name} built`).toBe(true);
  }, 300_000);

  afterAll(async () => {
    await server?.close();
    if (site) await rm(site.root, { recursive: true, force: true });
  });

  const venue = (name: string) => byName.get(name) as ConferenceRow;
  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status, path).toBe(200);
    return res.text();
  };
  const detail = async (name: string) => {
    const res = await fetch(`${server.url}/api/conferences/${venue(name).id}`, { headers: ACCOUNT });
    const body = await res.json();
    expect(body.code, body.message).toBe(200);
    return body.data as ConferenceRow & {
      rank_sources: RankHistoryEntry[];
      rank_history: RankHistoryEntry[];
    };
  };

  it("credits ACISP's CORE B to ICORE2026's Australasian B on the page, the .md and the API", async () => {
    const acisp = venue("ACISP");
    expect(acisp.core_rank).toBe("B");
    for (const path of [`/conference/${acisp.id}`, `/zh/conference/${acisp.id}`]) {
      const core = rankCards(await get(path)).find((c) => c.system === "CORE");
      expect(core, path).toEqual({ system: "CORE", tier: "B", from: "ICORE2026: Australasian B" });
    }
    const md = await get(`/conference/${acisp.id}.md`);
    expect(md).toContain("B (ICORE2026: Australasian B)");
    expect(md).not.toMatch(/\| B \(Conference Partner/);
    const api = await detail("ACISP");
    expect(api.rank_sources).toContainEqual({
      system: "CORE",
      edition: "ICORE2026",
      rank: "Australasian B",
      source: "icore",
    });
  });

  it("names, for every venue built, the claim each shown rank comes from: one per ranked system, of its tier", async () => {
    const tierOf: Record<string, (r: ConferenceRow) => string> = {
      CCF: (r) => r.ccf_rank,
      CORE: (r) => r.core_rank,
      QUALIS: (r) => r.qualis_rank,
    };
    let australasian = 0;
    for (const name of ["ACISP", "IPSN", "NSDI", "ISWC", "WWW", "SIGMOD", "ICSE"]) {
      const api = await detail(name);
      const ranked = Object.keys(tierOf).filter((system) => tierOf[system]?.(api));
      expect(
        api.rank_sources.map((c) => c.system),
        name,
      ).toEqual(ranked);
      for (const claim of api.rank_sources) {
        expect(api.rank_history, name).toContainEqual(claim);
        const tier = tierOf[claim.system]?.(api) ?? "";
        expect([tier, `Australasian ${tier}`], `${name} ${claim.system}`).toContain(claim.rank);
        if (claim.rank.startsWith("Australasian")) australasian++;
        // The page shows the same list.
        const card = rankCards(await get(`/conference/${api.id}`)).find((c) => c.system === claim.system);
        expect(card?.from, `${name} ${claim.system}`).toMatch(new RegExp(`^${claim.edition}\\b|myhuiban`));
      }
    }
    expect(australasian).toBe(1);
  });

  it("labels a CORE tier's list by what it holds: IPSN's A* is CORE2023's, counted as such, in English and Chinese", async () => {
    const ipsn = venue("IPSN");
    expect(ipsn.core_rank).toBe("A*");
    const ipsnCore = rankCards(await get(`/conference/${ipsn.id}`)).find((c) => c.system === "CORE");
    expect(ipsnCore).toEqual({ system: "CORE", tier: "A*", from: "CORE2023" });
    const coreAStar = [...byName.values()].filter((r) => r.core_rank === "A*");
    const fromCore2023 = await Promise.all(
      coreAStar.map(async (r) =>
        (await detail(r.short_name)).rank_sources.some((c) => c.edition === "CORE2023"),
      ),
    );
    const core2023 = fromCore2023.filter(Boolean).length;
    expect(core2023).toBeGreaterThanOrEqual(1);

    const en = await get("/rankings/core-astar");
    expect(text(en, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toBe("CORE A* venues");
    expect(en).not.toContain("ICORE) A*");
    const subtitle = text(en, /<p class="subtitle"[^>]*>([\s\S]*?)<\/p>/);
    expect(subtitle).toContain("ICORE2026's where ICORE2026 lists it, else CORE2023's");
    expect(subtitle).toContain(
      `${coreAStar.length - core2023} of these from ICORE2026, ${core2023} from CORE2023.`,
    );
    expect(en).toContain(`/conference/${ipsn.id}`);

    const zh = await get("/zh/rankings/core-astar");
    expect(text(zh, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toBe("CORE A* 会议与期刊");
    expect(text(zh, /<p class="subtitle"[^>]*>([\s\S]*?)<\/p>/)).toContain(
      `本列表中 ${coreAStar.length - core2023} 个来自 ICORE2026，${core2023} 个来自 CORE2023。`,
    );
  });

  it("says a CORE B list counts ICORE's Australasian B", async () => {
    const b = await get("/rankings/core-b");
    expect(b).toContain(`/conference/${venue("ACISP").id}`);
    expect(text(b, /<p class="subtitle"[^>]*>([\s\S]*?)<\/p>/)).toContain(
      '1 of them are ranked "Australasian B" by their list',
    );
  });

  it("names venues by the spelling the lists agree on, not a CCF typo; a rename keeps the current list's name", async () => {
    const expected: Record<string, string> = {
      NSDI: "USENIX Symposium on Networked Systems Design and Implementation",
      ISWC: "International Semantic Web Conference",
      ACISP: "Australasian Conference on Information Security and Privacy",
      WWW: "The Web Conference",
    };
    for (const [name, full] of Object.entries(expected)) {
      expect(venue(name).full_name, name).toBe(full);
      expect((await detail(name)).full_name, name).toBe(full);
      const page = await get(`/conference/${venue(name).id}`);
      expect(text(page, /<p class="subtitle"[^>]*>([\s\S]*?)<\/p>/), name).toBe(full);
      expect(await get(`/conference/${venue(name).id}.md`)).toContain(`# ${name} — ${full}`);
    }
  });
});
