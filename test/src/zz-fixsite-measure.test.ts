// TEMPORARY measurement (fix-site helper); deleted before the report.
import { it } from "vitest";
import { chromiumForFile } from "../helpers/chromium.ts";
import { servedSiteForFile } from "./build-site.ts";
import { fixtureSnapshot } from "./fixture.ts";

const served = servedSiteForFile("fsmeasure", fixtureSnapshot(), { env: () => ({ ANON_DAILY_QUOTA: "1000" }) });
const browser = chromiumForFile();
it("measures", async () => {
  for (const path of ["/conference/101", "/zh/conference/101"]) {
    for (const js of [true, false]) {
      const ctx = await browser().newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: js });
      const page = await ctx.newPage();
      await page.goto(`${served().server.url}${path}`);
      const rows = await page.locator(".next-call, .next-call > *, #outlook-sources").evaluateAll((els) =>
        els.map((e) => { const r = e.getBoundingClientRect(); return `${e.tagName}.${e.className} top=${Math.round(r.top)} bottom=${Math.round(r.bottom)} h=${Math.round(r.height)}`; }));
      console.log(path, "js", js, "\n" + rows.join("\n"));
      await page.screenshot({ path: `/tmp/fixsite/${path.replaceAll("/", "_")}-${js}.png` });
      await ctx.close();
    }
  }
}, 120_000);
