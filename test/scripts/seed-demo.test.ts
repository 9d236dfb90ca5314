/**
 * `npm run seed-demo` as an operator runs it, twice, on the fixture snapshot: the printed demo credentials work
 * against the server, the demo profiles point at real venues of the snapshot, and the second run duplicates nothing.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_KEY_LABEL } from "../../scripts/demo-seed.ts";
import {
  type Body,
  bearer,
  forEachStore,
  startTestService,
  type TestService,
} from "../helpers/accounts-service.ts";
import { runTs } from "../helpers/run-ts.ts";
import { FIXTURE_CONFERENCES, FIXTURE_JOURNALS } from "../helpers/snapshot-fixture.ts";

interface Seeded {
  email: string;
  password: string;
  api_key: string;
  user_id: string;
  profiles: {
    id: string;
    tracked_conferences: string[];
    tracked_journals: string[];
    attended_conferences: string[];
  }[];
  ratings: number;
  comments: number;
}

forEachStore((backend) => {
  let svc: TestService;
  let first: Seeded;
  let second: Seeded;

  beforeAll(async () => {
    svc = await startTestService(await backend.freshState());
    const seed = async () => {
      const run = await runTs("scripts/seed-demo.ts", [], { env: svc.env });
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(run.stdout) as Seeded;
    };
    first = await seed();
    second = await seed();
  });
  afterAll(() => svc.close());

  it("prints working demo credentials: the password logs in, the fresh key opens details", async () => {
    expect(first.email).toBe(second.email);
    expect(first.password).toBe(second.password);
    expect(second.api_key).not.toBe(first.api_key);
    const login = await svc.json("/api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: second.email, password: second.password }),
    });
    expect(login.body.code).toBe(200);
    expect(login.body.data.user_id).toBe(second.user_id);
    expect((await svc.fetch("/api/conferences/101", { headers: bearer(second.api_key) })).status).toBe(200);
    // The earlier run's key was replaced, so one live demo key exists at a time.
    expect((await svc.fetch("/api/conferences/101", { headers: bearer(first.api_key) })).status).toBe(401);
    const keys = await svc.store.listApiKeys(second.user_id);
    expect(keys.filter((k) => k.label === DEMO_KEY_LABEL && k.revokedAt === null)).toHaveLength(1);
  });

  it("makes public profiles of snapshot venues, served with a research summary", async () => {
    const conferences = new Set(FIXTURE_CONFERENCES.map((c) => c.id));
    const journals = new Set(FIXTURE_JOURNALS.map((j) => j.id));
    expect(second.profiles.length).toBeGreaterThanOrEqual(4);
    expect(second.profiles.map((p) => p.id)).toEqual(first.profiles.map((p) => p.id));
    for (const p of second.profiles) {
      for (const id of [...p.tracked_conferences, ...p.attended_conferences])
        expect(conferences.has(id)).toBe(true);
      for (const id of p.tracked_journals) expect(journals.has(id)).toBe(true);
    }
    const withVenues = second.profiles.find((p) => p.tracked_conferences.length > 0);
    const { res, body } = await svc.json(`/api/researchers/${withVenues?.id}`, {
      headers: bearer(second.api_key),
    });
    expect(res.status).toBe(200);
    expect(body.data.display_name).toMatch(/demo/i);
    expect(body.data.research_summary).toMatch(/^Research interests: /);
    expect(JSON.stringify(body)).not.toContain("example.org");
  });

  it("seeds demo ratings and comments once, however often it runs", async () => {
    expect(second.ratings).toBe(first.ratings);
    expect(second.comments).toBe(first.comments);
    expect(second.comments).toBeGreaterThan(0);
    const commented = new Map<string, number>();
    for (const p of second.profiles) {
      for (const id of p.attended_conferences) commented.set(id, (commented.get(id) ?? 0) + 1);
    }
    for (const [id, expected] of commented) {
      const { comments } = await svc.store.venueActivity("conference", id, 100);
      expect(comments, id).toHaveLength(expected);
      expect(comments.every((c) => c.demo && c.text.startsWith("[Demo content]"))).toBe(true);
      const detail = (await svc.json(`/api/conferences/${id}`, { headers: bearer(second.api_key) }))
        .body as Body;
      expect(detail.data.comments).toHaveLength(expected);
      expect(detail.data.rating_summary.count).toBeGreaterThan(0);
    }
    const ratingCounts = await Promise.all(
      [...commented.keys()].map(
        async (id) => (await svc.store.venueActivity("conference", id, 0)).ratings.count,
      ),
    );
    const tracked = second.profiles.map((p) => p.tracked_conferences);
    expect(ratingCounts).toEqual(
      [...commented.keys()].map((id) => tracked.filter((list) => list.includes(id)).length),
    );
    // Everything it made as feedback is flagged demo, so one call removes it all.
    expect(await svc.store.removeDemoFeedback()).toBe(second.ratings + second.comments);
  });
});
