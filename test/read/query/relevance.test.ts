import { afterAll, beforeAll, expect, it } from "vitest";
import { SnapshotDatabase } from "../../../read/query/database.ts";
import { describeOnRealUpstream, realSnapshotForSuite } from "../../helpers/upstream-builds.ts";
import { loadRelevanceSet, scoreRelevance, searchSnapshot } from "./score.ts";

/** Committed floor; raise it as relevance improves, never lower it silently. */
const PRECISION_AT_1_FLOOR = 0.98;

describeOnRealUpstream("search relevance on the real snapshot", () => {
  const real = realSnapshotForSuite("venue-relevance-");
  let db: SnapshotDatabase;

  beforeAll(async () => {
    db = await SnapshotDatabase.open(real().dir);
  });

  afterAll(() => {
    db?.retire();
  });

  it("has at least 150 queries", async () => {
    expect((await loadRelevanceSet()).length).toBeGreaterThanOrEqual(150);
  });

  it(`ranks the meant venue first for at least ${PRECISION_AT_1_FLOOR * 100} % of the queries`, async () => {
    const score = await scoreRelevance(searchSnapshot(db), await loadRelevanceSet());
    expect(score.misses, `precision@1 ${score.precisionAt1}`).toSatisfy(
      () => score.precisionAt1 >= PRECISION_AT_1_FLOOR,
    );
  }, 60_000);
});
