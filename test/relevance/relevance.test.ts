/**
 * Search relevance on a snapshot built from the real upstream data (when it is beside the repo): the relevance set
 * (queries.yaml) scored through the query layer that REST, MCP and the site share. Fails below the committed
 * precision@1 floor.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SnapshotDatabase } from "../../read/query/database.ts";
import { buildQuietly, describeOnRealUpstream, REAL_UPSTREAM } from "../helpers/upstream-builds.ts";
import { loadRelevanceSet, scoreRelevance, searchSnapshot } from "./score.ts";

/** Committed floor; raise it as relevance improves, never lower it silently. */
const PRECISION_AT_1_FLOOR = 0.98;

describeOnRealUpstream("search relevance on the real snapshot", () => {
  let snapshots: string;
  let db: SnapshotDatabase;

  beforeAll(async () => {
    snapshots = await mkdtemp(join(tmpdir(), "venue-relevance-"));
    const { dir } = await buildQuietly(REAL_UPSTREAM, snapshots, "https://venues.test");
    db = await SnapshotDatabase.open(dir);
  }, 300_000);

  afterAll(async () => {
    db?.retire();
    await rm(snapshots, { recursive: true, force: true });
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
