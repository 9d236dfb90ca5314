/**
 * The `subscribe` address an answer names carries exactly the filter the answer used, the lists' categories
 * (`ccf_category`, `core_for`) included, and a digest subscription started from it follows that very filter: over
 * real HTTP on the fixture with categories, `/api/deadlines?<filter>` → its `subscribe` address → the form that
 * address shows (its hidden filter) → `POST /subscribe` → the stored subscription, whose deadlines are the venues the
 * API listed for the filter. The same in Chinese: `/zh/subscribe?<filter>` keeps the filter, and the subscription
 * started there keeps its language.
 */
import { parseHTML } from "linkedom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningService, startService } from "../../../../functions/composition-root.ts";
import { itemsOf, storedFilter } from "../../../../functions/pages/subscriptions/digest-items.ts";
import { loadConfig } from "../../../../functions/server-config.ts";
import { silentLogger } from "../../../../runtime/logger.ts";
import { CATEGORIZED_CONFERENCES, categorizedIds } from "../../../helpers/category-fixture.ts";
import { type ServedFixture, servedFixture } from "../../../helpers/served-fixture.ts";
import { freePort } from "../../../helpers/smtp-sink.ts";
import { FIXTURE_NOW } from "../../../helpers/snapshot-fixture.ts";
import { tempDirsForFile } from "../../../helpers/temp-dirs.ts";

/** Filters as a page or client writes them; `ccf` and `core` are the categories the API reads in them. */
const FILTERS = [
  { query: "ccf_category=SE&core_for=4612&ranked_only=false", ccf: ["SE"], core: ["4612"] },
  {
    query: "ccf_category=AI,SE&core_for=4611,4612&within_days=366&ranked_only=false",
    ccf: ["AI", "SE"],
    core: ["4611", "4612"],
  },
  { query: "ccf_rank=A,B&ccf_category=AI&estimates=false&ranked_only=true", ccf: ["AI"], core: [] },
];

/** The filter parameters of a query, sorted, `page`/`per_page` left out: what must survive every step. */
const filterOf = (query: string) =>
  [...new URLSearchParams(query)]
    .filter(([name]) => name !== "page" && name !== "per_page")
    .map(([name, value]) => `${name}=${value.toUpperCase()}`)
    .sort();

describe("the subscribe address of an answer", () => {
  const tempDir = tempDirsForFile("vd-subscribe-address-");
  let fixture: ServedFixture;
  let service: RunningService;
  let people = 0;

  beforeAll(async () => {
    fixture = await servedFixture(
      { "index.html": "<!doctype html><title>Venues</title>" },
      { conferences: CATEGORIZED_CONFERENCES },
    );
    service = await startService(
      loadConfig({
        ...fixture.env,
        STATE_DIR: tempDir("state"),
        // A relay nobody listens on: confirmation mail stays queued, nothing leaves the machine.
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        MAIL_FROM: "noreply@venues.test",
        MAIL_RETRY_BASE_MS: "3600000",
        ANON_DAILY_QUOTA: "100000",
      }),
      { logger: silentLogger, clock: () => FIXTURE_NOW },
    );
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await fixture?.remove();
  });

  const get = (path: string) => fetch(`${service.server.url}${path}`);

  /** Subscribes a new address from the form a page shows, and answers the subscription stored. */
  async function subscribeFrom(formPath: string) {
    const page = await get(formPath);
    expect(page.status, formPath).toBe(200);
    const form = parseHTML(await page.text()).document.querySelector("form[action$='/subscribe']");
    const action = form?.getAttribute("action") ?? "";
    const filter = form?.querySelector('input[name="filter"]')?.getAttribute("value") ?? null;
    expect(filter, formPath).not.toBeNull();
    people += 1;
    const email = `reader${people}@example.org`;
    const posted = await fetch(`${service.server.url}${action}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, filter: filter ?? "", frequency: "weekly" }),
    });
    expect(posted.status, `${formPath}: ${await posted.text()}`).toBe(202);
    const [stored] = await service.store.listSubscriptions(email);
    return { action, filter: filter ?? "", stored };
  }

  it("carries every filter of the answer, categories included, to the stored subscription", async () => {
    for (const { query, ccf, core } of FILTERS) {
      const res = await get(`/api/deadlines?${query}&per_page=100`);
      const body = (await res.json()) as {
        code: number;
        data: { subscribe: string; deadlines: { conference_id: string }[] };
      };
      expect(body.code, query).toBe(200);
      const address = new URL(body.data.subscribe);
      expect(address.origin + address.pathname, query).toBe("https://venues.test/subscribe");
      expect(filterOf(address.search), query).toEqual(expect.arrayContaining(filterOf(query)));
      expect(address.searchParams.get("ccf_category")?.split(",") ?? [], query).toEqual(ccf);
      expect(address.searchParams.get("core_for")?.split(",") ?? [], query).toEqual(core);

      const { filter, stored } = await subscribeFrom(`${address.pathname}${address.search}`);
      expect(filterOf(filter), query).toEqual(filterOf(address.search));
      expect(stored?.target, query).toEqual({ kind: "filter", filter });
      const read = storedFilter(filter);
      expect(read.ccf_category, query).toEqual(ccf);
      expect(read.core_for, query).toEqual(core);

      // The digest follows the venues the API listed for the filter, and only those.
      const followed = await itemsOf(
        service.server.query,
        service.store,
        stored?.target ?? { kind: "filter", filter: "" },
      );
      if ("invalid" in followed) throw new Error(followed.invalid);
      const apiIds = [...new Set(body.data.deadlines.map((d) => d.conference_id))].sort();
      expect([...new Set(followed.items.map((i) => i.venueId))].sort(), query).toEqual(apiIds);
      if (core.length > 0)
        expect(
          apiIds.every((id) => categorizedIds(ccf, core).includes(id)),
          query,
        ).toBe(true);
      expect(apiIds.length, query).toBeGreaterThan(0);
    }
  });

  it("keeps the filter and the language on the Chinese form", async () => {
    const { query } = FILTERS[1] ?? { query: "" };
    const { action, filter, stored } = await subscribeFrom(`/zh/subscribe?${query}`);
    expect(action).toBe("/zh/subscribe");
    expect(filterOf(filter)).toEqual(filterOf(query));
    expect(stored?.language).toBe("zh");
    const followed = await itemsOf(
      service.server.query,
      service.store,
      stored?.target ?? { kind: "filter", filter },
      "zh",
    );
    if ("invalid" in followed) throw new Error(followed.invalid);
    expect(followed.about).toMatch(/的截稿日期$/);
    expect(followed.listPath).toBe(`/zh/deadlines?${filter}`);
  });
});
