/**
 * What the state store adds to the read API, over real HTTP against both stores: tracker and attendee counts,
 * recent views, ratings and comments in the detail payloads and the popularity rankings, and public researcher
 * profiles that never show a contact detail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateProfile } from "../../../accounts/auth/accounts.ts";
import {
  type Body,
  bearer,
  forEachStore,
  freshIp,
  newAccount,
  startTestService,
  type TestService,
} from "../../helpers/accounts-service.ts";
import { eventually } from "../../helpers/eventually.ts";

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

/** The [id, count] pairs of a popularity list's counted rows, checking that every venue after them counts 0. */
function counted(rows: Record<string, unknown>[], key: string): [string, number][] {
  const zeros = rows.findIndex((r) => r[key] === 0);
  const head = zeros === -1 ? rows : rows.slice(0, zeros);
  expect(rows.slice(head.length).every((r) => r[key] === 0)).toBe(true);
  return head.map((r) => [String(r.id), Number(r[key])]);
}

forEachStore((backend) => {
  let svc: TestService;
  let ada: Awaited<ReturnType<typeof newAccount>>;
  let bob: Awaited<ReturnType<typeof newAccount>>;
  let reader: string;
  const CONTACTS = ["ada.lovelace@engine.example.org", "+44 20 7946 0958", "(555) 010-9999"];

  beforeAll(async () => {
    svc = await startTestService(await backend.freshState());
    ada = await newAccount(svc.store, {
      name: "Ada Lovelace",
      institution: "Analytical Engine Lab",
      profile: {
        public: true,
        cv: `## Ada\nNotes on the engine. Write to ${CONTACTS[0]} or call ${CONTACTS[1]}; US office ${CONTACTS[2]}. ICML 2019-2023.`,
        trackedConferences: ["101", "103"],
        trackedJournals: ["201"],
        attendedConferences: ["101"],
      },
    });
    bob = await newAccount(svc.store, {
      name: "Bob Private",
      profile: { public: false, trackedConferences: ["101"], attendedConferences: ["101", "104"] },
    });
    reader = (await newAccount(svc.store)).key;
    for (const [userId, rating] of [
      [ada.id, 5],
      [bob.id, 4],
    ] as const) {
      await svc.store.putRating({ kind: "conference", venueId: "101", userId, rating, demo: false });
    }
    await svc.store.addComment({
      kind: "conference",
      venueId: "101",
      userId: ada.id,
      text: "Great reviews.",
      demo: false,
    });
    await svc.store.addComment({
      kind: "conference",
      venueId: "101",
      userId: bob.id,
      text: "Crowded.",
      demo: false,
    });
  });
  afterAll(() => svc.close());

  const get = (path: string) => svc.json(path, { headers: bearer(reader) });

  describe("detail payloads", () => {
    it("carry the store's counts, rating summary and comments (newest first, authors by public name)", async () => {
      const { body } = await get("/api/conferences/101");
      expect(body.data).toMatchObject({
        id: "101",
        trackers_count: 2,
        attendees_count: 2,
        rating_summary: { average: 4.5, count: 2 },
      });
      expect(body.data.comments).toEqual([
        {
          id: expect.any(String),
          author_id: null,
          author_name: "Bob Private",
          body: "Crowded.",
          created_at: expect.any(String),
        },
        {
          id: expect.any(String),
          author_id: ada.id,
          author_name: "Ada Lovelace",
          body: "Great reviews.",
          created_at: expect.any(String),
        },
      ]);
      expect(body.data.comments[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

      const journal = await get("/api/journals/201");
      expect(journal.body.data).toMatchObject({ trackers_count: 1, rating_summary: null, comments: [] });
      const untouched = await get("/api/conferences/102");
      expect(untouched.body.data).toMatchObject({
        trackers_count: 0,
        attendees_count: 0,
        rating_summary: null,
        comments: [],
      });
    });

    it("reflect a profile change at once", async () => {
      const carol = await newAccount(svc.store, { profile: { trackedConferences: ["107"] } });
      expect((await get("/api/conferences/107")).body.data.trackers_count).toBe(1);
      await updateProfile(svc.store, carol.email, { trackedConferences: [] });
      expect((await get("/api/conferences/107")).body.data.trackers_count).toBe(0);
    });
  });

  describe("rankings from the store", () => {
    it("most_tracked and most_attended order by the profiles' counts and show them", async () => {
      const tracked = (await svc.json("/api/conferences/rankings/most_tracked", { ip: freshIp() })).body;
      expect(counted(tracked.data.conferences, "trackers_count")).toEqual([
        ["101", 2],
        ["103", 1],
      ]);
      const attended = (await svc.json("/api/conferences/rankings/most_attended", { ip: freshIp() })).body;
      expect(counted(attended.data.conferences, "attendees_count")).toEqual([
        ["101", 2],
        ["104", 1],
      ]);
      const journals = (await svc.json("/api/journals/rankings/most_tracked", { ip: freshIp() })).body;
      expect(counted(journals.data.journals, "trackers_count")).toEqual([["201", 1]]);
    });

    it("trending counts each detail view and each venue page view of the last 30 days", async () => {
      for (let i = 0; i < 3; i++) await get("/api/conferences/105");
      await get("/api/conferences/106");
      await (await svc.fetch("/conference/101", { ip: freshIp() })).text();
      for (const [id, views] of [
        ["106", 1],
        ["101", 2],
      ] as const) {
        await eventually(
          () => svc.store.views30dOf("conference", id),
          (n) => n === views,
        );
      }
      // Earlier tests viewed 101, 102 and 107 (twice) by API; 101 also once as a page.
      const trending = (await svc.json("/api/conferences/rankings/trending", { ip: freshIp() })).body as Body;
      expect(counted(trending.data.conferences, "views_30d")).toEqual([
        ["105", 3],
        ["101", 2],
        ["107", 2],
        // A tie goes to the venue with more all-time views in the snapshot (106), then by id.
        ["106", 1],
        ["102", 1],
      ]);
    });
  });

  describe("GET /api/researchers/{id}", () => {
    it("serves a public profile with a generated research summary", async () => {
      const { res, body } = await get(`/api/researchers/${ada.id}`);
      expect(res.status).toBe(200);
      expect(body.data).toMatchObject({
        id: ada.id,
        display_name: "Ada Lovelace",
        institution: "Analytical Engine Lab",
      });
      // ICML and NeurIPS are CCF A, filed under ai and ml; TPAMI is CCF A, filed under ai and vision.
      expect(body.data.research_summary).toBe(
        "Research interests: artificial intelligence, machine learning and computer vision. " +
          "Follows 2 conferences and 1 journal, 3 of them top-tier (CCF A or CORE A*/A). Attended ICML.",
      );
    });

    it("lists tracked and attended venues as compact rows, each list as the profile has it", async () => {
      const { body } = await get(`/api/researchers/${ada.id}`);
      expect(body.data.tracked_conferences[0]).toEqual({
        id: "101",
        short_name: "ICML",
        full_name: "International Conference on Machine Learning",
        ccf_rank: "A",
        core_rank: "A*",
        qualis_rank: "A1",
        submission_date: "2026-07-01",
        conference_date: "2026-09-10",
        detail_page: "https://venues.test/conference/101",
      });
      expect(ids(body.data.tracked_journals)).toEqual(["201"]);
      expect(ids(body.data.attended_conferences)).toEqual(["101"]);
      // 101 is both tracked and attended: it appears once in each list.
      expect(ids(body.data.tracked_conferences)).toEqual(["101", "103"]);
    });

    it("never shows an e-mail address, phone number or other contact detail", async () => {
      const res = await svc.fetch(`/api/researchers/${ada.id}`, { headers: bearer(reader) });
      const text = await res.text();
      for (const contact of [ada.email, ...CONTACTS, "@"]) expect(text).not.toContain(contact);
      const { data } = JSON.parse(text) as Body;
      expect(data.cv).toContain("[contact removed]");
      expect(data.cv).toContain("ICML 2019-2023.");
      expect(Object.keys(data).sort()).toEqual(
        [
          "attended_conferences",
          "cv",
          "display_name",
          "id",
          "institution",
          "research_summary",
          "tracked_conferences",
          "tracked_journals",
        ].sort(),
      );
    });

    it("a fresh account has a public profile from its creation: empty fields, no contact", async () => {
      const fresh = await newAccount(svc.store, { name: "Fresh Account", institution: "New Lab" });
      const { res, body } = await get(`/api/researchers/${fresh.id}`);
      expect([res.status, body.code]).toEqual([200, 200]);
      expect(body.data).toMatchObject({
        id: fresh.id,
        display_name: "Fresh Account",
        institution: "New Lab",
        cv: null,
        tracked_conferences: [],
        tracked_journals: [],
        attended_conferences: [],
      });
      expect(JSON.stringify(body.data)).not.toContain(fresh.email);
    });

    it("is 404 for private and unknown profiles, 401 without a credential, and cannot be listed", async () => {
      for (const id of [bob.id, "0000000000000000", "no-such-id"]) {
        const { res, body } = await get(`/api/researchers/${id}`);
        expect([res.status, body.code], id).toEqual([404, 404]);
      }
      expect((await svc.fetch(`/api/researchers/${ada.id}`, { ip: freshIp() })).status).toBe(401);
      for (const path of ["/api/researchers", "/api/researchers/", "/api/researchers?query=ada"]) {
        expect((await get(path)).res.status, path).toBe(404);
      }
    });
  });

  describe("views", () => {
    it("are counted in memory and all written at a clean stop: every detail, a page once per address and day", async () => {
      // Written only at the stop: nothing reaches the store per request.
      const own = await startTestService(await backend.freshState(), { viewBatchMs: 60_000 });
      try {
        const key = (await newAccount(own.store)).key;
        const views = async () => ({
          conference: await own.store.views30dOf("conference", "103"),
          journal: await own.store.views30dOf("journal", "202"),
          page: await own.store.views30dOf("conference", "101"),
        });
        for (let i = 0; i < 7; i++)
          await (await own.fetch("/api/conferences/103", { headers: bearer(key) })).text();
        for (let i = 0; i < 2; i++)
          await (await own.fetch("/api/journals/202", { headers: bearer(key) })).text();
        const [first, second] = [freshIp(), freshIp()];
        for (const ip of [first, first, first, second])
          await (await own.fetch("/conference/101", { ip })).text();
        expect(await views()).toEqual({ conference: 0, journal: 0, page: 0 });
        await own.restart();
        expect(await views()).toEqual({ conference: 7, journal: 2, page: 2 });
      } finally {
        await own.close();
      }
    });
  });
});
