/**
 * GET /api/deadlines over real HTTP on the fixture snapshot, and the comma-separated rank and field filters of
 * /api/conferences. The expected rows are worked out here from the fixture's outlooks (one row per venue and
 * round with a deadline not yet closed at the harness's clock, FIXTURE_NOW), never read back from the service.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byPrintedDate } from "../../../read/schema/deadline-order.ts";
import type { ConferenceRow, OutlookDeadline } from "../../../snapshot/records.ts";
import {
  FIXTURE_CONFERENCE_DETAILS,
  FIXTURE_CONFERENCES,
  FIXTURE_NOW,
} from "../../helpers/snapshot-fixture.ts";
import { BASE_URL, type Envelope, type Harness, startHarness } from "./harness.ts";

const NOW = FIXTURE_NOW.toISOString().replace(/\.\d{3}Z$/, "Z");

interface Row {
  conference_id: string;
  cycle_year: number;
  round: number;
  rounds: number;
  next: OutlookDeadline;
  deadlines: OutlookDeadline[];
  outlook_state: string;
  detail_page: string;
  ccf_rank: string;
  data_as_of: string | null;
  stale: boolean;
}

/**
 * Every (venue, round) still ahead at NOW, with its first open deadline, in the order of every deadline list: the
 * date it prints, then the instant it closes, then id.
 */
function expectedRounds(keep: (c: ConferenceRow, next: OutlookDeadline) => boolean): string[] {
  const rows = FIXTURE_CONFERENCE_DETAILS.flatMap((d) => {
    const row = FIXTURE_CONFERENCES.find((c) => c.id === d.id) as ConferenceRow;
    const rounds = new Map<string, OutlookDeadline[]>();
    for (const x of d.outlook.deadlines.filter((x) => x.closes_at >= NOW)) {
      const key = `${x.cycle_year}/${x.round}`;
      rounds.set(key, [...(rounds.get(key) ?? []), x]);
    }
    return [...rounds.entries()].flatMap(([key, open]) => {
      const next = [...open].sort((a, b) => a.closes_at.localeCompare(b.closes_at))[0] as OutlookDeadline;
      return keep(row, next) ? [{ key: `${d.id} ${key}`, next, id: Number(d.id) }] : [];
    });
  });
  return rows.sort((a, b) => byPrintedDate(a.next, b.next) || a.id - b.id).map((r) => r.key);
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

interface ListData {
  deadlines: Row[];
  counts: { announced: number; estimated: number };
  pagination: { total: number; total_pages: number; page: number; per_page: number };
}

async function deadlines(query = ""): Promise<Envelope<ListData>> {
  const { res, body } = await h.json<Envelope<ListData>>(`/api/deadlines${query ? `?${query}` : ""}`);
  expect(res.status).toBe(200);
  return body;
}
const keys = async (query = "") =>
  (await deadlines(query)).data.deadlines.map((r) => `${r.conference_id} ${r.cycle_year}/${r.round}`);

const ranked = (c: ConferenceRow) => c.ccf_rank !== "" || c.core_rank !== "" || c.qualis_rank !== "";

describe("GET /api/deadlines", () => {
  it("lists every round still ahead, soonest closing first, with its next deadline and the round's deadlines", async () => {
    const body = await deadlines();
    expect(body.code).toBe(200);
    const all = expectedRounds(() => true);
    expect(all.length).toBeGreaterThan(8);
    expect(body.data.deadlines.map((r) => `${r.conference_id} ${r.cycle_year}/${r.round}`)).toEqual(all);
    expect(body.data.pagination).toEqual({ total: all.length, total_pages: 1, page: 1, per_page: 50 });
    // ICML: the announced round (abstract first, then paper) and its estimated second round, each a row.
    const icml = body.data.deadlines.filter((r) => r.conference_id === "101");
    expect(icml.map((r) => [r.round, r.rounds, r.next.type, r.next.date, r.next.estimated])).toEqual([
      [1, 2, "abstract", "2026-06-24", false],
      [2, 2, "paper", "2026-11-20", true],
    ]);
    expect(icml[0]?.deadlines.map((d) => d.type)).toEqual(["abstract", "paper"]);
    expect(icml[0]).toMatchObject({ outlook_state: "open", detail_page: `${BASE_URL}/conference/101` });
    expect(icml[0]).toMatchObject({ conference: { year: 2026, start_date: "2026-09-10" } });
    // The deadline of CCS closes today at 11:59:59 UTC the next day (AoE): still open at noon.
    expect(body.data.deadlines[0]?.conference_id).toBe("106");
  });

  it("within_days keeps rounds whose next deadline falls by today + N days", async () => {
    expect(await keys("within_days=30")).toEqual(expectedRounds((_, next) => next.date <= "2026-07-15"));
    expect(await keys("within_days=1")).toEqual(expectedRounds((_, next) => next.date <= "2026-06-16"));
  });

  it("rank filters: any listed tier of a system, and any of the systems given", async () => {
    const ccfAB = expectedRounds((c) => ["A", "B"].includes(c.ccf_rank));
    expect(await keys("ccf_rank=a,B")).toEqual(ccfAB);
    expect(await keys("ccf_rank=b")).toEqual(expectedRounds((c) => c.ccf_rank === "B"));
    const either = expectedRounds((c) => c.ccf_rank === "C" || c.core_rank === "A");
    expect(await keys("ccf_rank=c&core_rank=a")).toEqual(either);
    expect(either.length).toBeGreaterThan(expectedRounds((c) => c.ccf_rank === "C").length);
    expect(await keys("qualis_rank=a2,B2")).toEqual(
      expectedRounds((c) => ["A2", "B2"].includes(c.qualis_rank)),
    );
  });

  it("field matches any listed field; estimates=false leaves estimated rounds out; ranked_only unranked venues", async () => {
    expect(await keys("field=se,DATA")).toEqual(
      expectedRounds((c) => c.fields.includes("se") || c.fields.includes("data")),
    );
    const announced = expectedRounds((_, next) => !next.estimated);
    expect(await keys("estimates=false")).toEqual(announced);
    expect(announced).not.toContain("104 2027/1");
    expect(await keys("estimates=true")).toContain("104 2027/1");
    expect(await keys("ranked_only=true")).toEqual(expectedRounds((c) => ranked(c)));
    expect(await keys()).toContain("108 2027/1");
    expect(await keys("ranked_only=true")).not.toContain("108 2027/1");
  });

  it("pages with page and per_page as every list does, page_size its alias", async () => {
    const all = await keys();
    expect(all.length).toBeGreaterThan(6);
    for (const size of ["per_page=3", "page_size=3", "per_page=3&page_size=3"]) {
      const second = await deadlines(`page=2&${size}`);
      expect(second.code, size).toBe(200);
      expect(
        second.data.deadlines.map((r) => `${r.conference_id} ${r.cycle_year}/${r.round}`),
        size,
      ).toEqual(all.slice(3, 6));
      expect(second.data.pagination, size).toEqual({
        total: all.length,
        total_pages: Math.ceil(all.length / 3),
        page: 2,
        per_page: 3,
      });
    }
    // Without either, the default 50.
    expect((await deadlines()).data.pagination.per_page).toBe(50);
  });

  it("refuses per_page and page_size that disagree, naming both", async () => {
    const body = await deadlines("per_page=3&page_size=4");
    expect(body.code).toBe(400);
    for (const w of ["per_page", "page_size", "alias"]) expect(body.message).toContain(w);
  });

  it("counts the whole result, every page, as announced and estimated: the counts add up", async () => {
    const every = await deadlines("per_page=100");
    const estimated = every.data.deadlines.filter((r) => r.next.estimated).length;
    expect(estimated).toBeGreaterThan(0);
    expect(estimated).toBeLessThan(every.data.deadlines.length);
    const whole = { announced: every.data.deadlines.length - estimated, estimated };
    expect(every.data.counts).toEqual(whole);
    // A page of one row still counts them all, and a page past the end too.
    for (const page of ["1", "2", "999"])
      expect((await deadlines(`per_page=1&page=${page}`)).data.counts, page).toEqual(whole);
    expect((await deadlines("estimates=false&per_page=100")).data.counts).toEqual({
      announced: whole.announced,
      estimated: 0,
    });
  });

  it("a bad parameter is envelope code 400 naming it and what is allowed", async () => {
    for (const [query, words] of [
      ["within_days=0", ["within_days", "1 to 366"]],
      ["within_days=400", ["within_days"]],
      ["ccf_rank=a,z", ["ccf_rank", "A, B, C"]],
      ["field=se,chemistry", ["field", "separated by commas"]],
      ["estimates=maybe", ["estimates", "true or false"]],
      ["page_size=0", ["page_size"]],
      ["per_page=0", ["per_page", "1 to 100"]],
      ["per_page=101", ["per_page", "1 to 100"]],
    ] as const) {
      const body = await deadlines(query);
      expect(body.code, query).toBe(400);
      for (const w of words) expect(body.message, query).toContain(w);
    }
  });
});

describe("GET /api/conferences: comma-separated rank and field filters", () => {
  const ids = async (query: string) => {
    const { body } = await h.json<Envelope<{ conferences: { id: string }[] }>>(
      `/api/conferences?${query}&per_page=100`,
    );
    return body.data.conferences.map((c) => c.id).sort();
  };
  const where = (keep: (c: ConferenceRow) => boolean) =>
    FIXTURE_CONFERENCES.filter(keep)
      .map((c) => c.id)
      .sort();

  it("one value behaves as before; several match any of them; systems still combine with AND", async () => {
    expect(await ids("ccf_rank=a")).toEqual(where((c) => c.ccf_rank === "A"));
    expect(await ids("ccf_rank=a,c")).toEqual(where((c) => c.ccf_rank === "A" || c.ccf_rank === "C"));
    expect(await ids(`core_rank=${encodeURIComponent("a*,B")}`)).toEqual(
      where((c) => c.core_rank === "A*" || c.core_rank === "B"),
    );
    expect(await ids("qualis_rank=b2,b5")).toEqual(where((c) => ["B2", "B5"].includes(c.qualis_rank)));
    expect(await ids("field=se,web")).toEqual(
      where((c) => c.fields.includes("se") || c.fields.includes("web")),
    );
    expect(await ids("ccf_rank=a,b&core_rank=A")).toEqual(
      where((c) => ["A", "B"].includes(c.ccf_rank) && c.core_rank === "A"),
    );
  });

  it("deadline_within_days reads the outlook's next submission deadline, announced or estimated", async () => {
    expect(await ids("deadline_within_days=30")).toEqual(
      where((c) => c.next_submission_date !== null && c.next_submission_date <= "2026-07-15"),
    );
    // SIGMOD's announced deadline has passed; its estimated next one is in the window.
    expect(await ids("deadline_within_days=30")).toContain("104");
  });
});
