/**
 * The Chinese venue pages on the server (functions/app.ts): a merged venue's /zh/ address answers 301 to the /zh/
 * address of the venue it merged into, as its English address does; a view of a /zh/ venue page counts for the
 * venue as an English view does (once per address, venue and day, whatever the language).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_MERGE, writeFixtureMerge } from "../helpers/merged-ids.ts";
import { FIXTURE_CONFERENCES } from "../helpers/snapshot-fixture.ts";
import { fakeActivity, type Harness, startHarness } from "./api/harness.ts";

const { survivor: SURVIVOR, journal: JOURNAL, gone: GONE, goneJournal: GONE_JOURNAL } = FIXTURE_MERGE;
const OTHER = FIXTURE_CONFERENCES[1]?.id as string;

const { activity, views } = fakeActivity({});
let h: Harness;
beforeAll(async () => {
  const page = "<p>venue</p>";
  h = await startHarness({
    overrides: { activity },
    site: {
      [`conference/${SURVIVOR}.html`]: page,
      [`zh/conference/${SURVIVOR}.html`]: page,
      [`zh/conference/${SURVIVOR}.md`]: "# venue",
      [`zh/conference/${OTHER}.html`]: page,
      [`zh/journal/${JOURNAL}.html`]: page,
    },
  });
  writeFixtureMerge(h.snapshotsDir);
});
afterAll(() => h.close());

describe("a merged venue's Chinese address", () => {
  it("answers 301 to the surviving venue's Chinese page, rendition and slash kept", async () => {
    for (const suffix of ["", ".md", "/"]) {
      const res = await h.get(`/zh/conference/${GONE}${suffix}`, { redirect: "manual" });
      expect(res.status, suffix).toBe(301);
      expect(res.headers.get("location"), suffix).toBe(`/zh/conference/${SURVIVOR}${suffix}`);
    }
    const journal = await h.get(`/zh/journal/${GONE_JOURNAL}`, { redirect: "manual" });
    expect(journal.status).toBe(301);
    expect(journal.headers.get("location")).toBe(`/zh/journal/${JOURNAL}`);
    // The English address still leads to the English page.
    const english = await h.get(`/conference/${GONE}`, { redirect: "manual" });
    expect(english.headers.get("location")).toBe(`/conference/${SURVIVOR}`);
    // Followed, the Chinese page itself (HEAD: no view counted here); an id never merged stays a 404.
    expect((await h.get(`/zh/conference/${GONE}`, { method: "HEAD" })).status).toBe(200);
    expect((await h.get("/zh/conference/3168910766", { redirect: "manual" })).status).toBe(404);
  });
});

describe("views of Chinese venue pages", () => {
  it("count for the venue, once per address and day in either language", async () => {
    const before = views.length;
    await (await h.get(`/zh/conference/${OTHER}`)).text();
    await (await h.get(`/zh/journal/${JOURNAL}`)).text();
    // The same reader on the English page and the Chinese rendition of one venue: one view.
    await (await h.get(`/conference/${SURVIVOR}`)).text();
    await (await h.get(`/zh/conference/${SURVIVOR}`)).text();
    await (await h.get(`/zh/conference/${SURVIVOR}.md`)).text();
    await expect.poll(() => views.length - before).toBe(3);
    expect(views.slice(before)).toEqual(
      expect.arrayContaining([
        { kind: "conference", id: OTHER },
        { kind: "journal", id: JOURNAL },
        { kind: "conference", id: SURVIVOR },
      ]),
    );
  });
});
