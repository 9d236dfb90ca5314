/**
 * Without estimates, a deadline row's `next` is the round's first announced deadline still open: a round whose
 * abstract deadline is only estimated and whose paper deadline is announced is listed by its paper deadline, and
 * shows that one as next.
 */
import { describe, expect, it } from "vitest";
import { createQueryLayer } from "../../../read/query/index.ts";
import { DeadlineListParams } from "../../../read/schema/api.ts";
import { fixtureSourceForFile } from "../../helpers/fixture-source.ts";
import { FIXTURE_CONFERENCE_DETAILS, FIXTURE_NOW } from "../../helpers/snapshot-fixture.ts";

// ICML's first round with its abstract deadline (2026-06-24) estimated instead of announced.
const conferenceDetails = FIXTURE_CONFERENCE_DETAILS.map((d) =>
  d.id === "101"
    ? {
        ...d,
        outlook: {
          ...d.outlook,
          deadlines: d.outlook.deadlines.map((x) =>
            x.round === 1 && x.type === "abstract" ? { ...x, estimated: true, source: null } : x,
          ),
        },
      }
    : d,
);
const fixture = fixtureSourceForFile({ conferenceDetails });

async function icmlFirstRound(estimates: string) {
  const query = createQueryLayer({
    source: fixture().source,
    publicBaseUrl: "https://api.example",
    clock: () => FIXTURE_NOW,
  });
  const data = await query.upcomingDeadlines(DeadlineListParams.parse({ estimates, page_size: "100" }));
  return data.deadlines.find((r) => r.conference_id === "101" && r.round === 1);
}

describe("a deadline row's next and deadlines", () => {
  it("is the first announced deadline of the round when estimates are left out, and the row lists no estimate", async () => {
    const row = await icmlFirstRound("false");
    expect([row?.next.type, row?.next.date, row?.next.estimated]).toEqual(["paper", "2026-07-01", false]);
    expect(row?.deadlines.map((d) => [d.type, d.estimated])).toEqual([["paper", false]]);
  });

  it("is the first deadline of the round, estimated or not, with estimates", async () => {
    const row = await icmlFirstRound("true");
    expect([row?.next.type, row?.next.date, row?.next.estimated]).toEqual(["abstract", "2026-06-24", true]);
  });
});
