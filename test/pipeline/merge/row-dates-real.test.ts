/**
 * The dates a row pairs, on the snapshot built from the real upstream on the day they were found wrong
 * (2026-12-07): the notification beside a submission deadline is that round's, never an earlier round's, and an
 * edition keeps the end a source agreeing on its start gives.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ConferenceDetailData, ConferenceRow } from "../../../snapshot/records.ts";
import { buildQuietly, describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

const NOW = new Date("2026-12-07T06:00:00Z");

describeOnRealUpstream("the dates a row pairs, on the real upstream", () => {
  let snapshotsDir: string;
  let rows: ConferenceRow[];
  let details: Map<string, ConferenceDetailData>;

  beforeAll(async () => {
    snapshotsDir = await mkdtemp(join(tmpdir(), "venue-row-dates-"));
    const { dir } = await buildQuietly(REAL_UPSTREAM, snapshotsDir, "https://venues.test", NOW);
    const read = <T>(file: string): T => JSON.parse(readFileSync(join(dir, file), "utf8")) as T;
    rows = read<{ conferences: ConferenceRow[] }>("conferences.json").conferences;
    details = new Map(
      read<{ conferences: ConferenceDetailData[] }>("details.json").conferences.map((d) => [d.id, d]),
    );
  }, 120_000);

  afterAll(async () => {
    if (snapshotsDir) await rm(snapshotsDir, { recursive: true, force: true });
  });

  const venue = (short: string) => {
    const found = rows.filter((r) => r.short_name === short);
    expect(found, short).toHaveLength(1);
    const row = found[0] as ConferenceRow;
    return { row, detail: details.get(row.id) as ConferenceDetailData };
  };

  it("gives no row a notification on or before its submission deadline", () => {
    const paired = rows.filter((r) => r.submission_date && r.notification_date);
    expect(paired.length).toBeGreaterThan(500);
    const before = paired
      .filter((r) => (r.notification_date as string) <= (r.submission_date as string))
      .map((r) => `${r.id} ${r.short_name}: ${r.submission_date} / ${r.notification_date}`);
    expect(before).toEqual([]);
  });

  it("pairs each deadline with its own round's notification, or none when the data has none", () => {
    // SIGKDD 2027: the reference's 14 Nov notification is the August round's; January's has none yet.
    const kdd = venue("SIGKDD");
    expect(kdd.row.submission_date).toBe("2027-01-28");
    expect(kdd.detail.deadlines.filter((d) => d.type === "notification").map((d) => d.date)).toEqual([
      "2026-11-14",
    ]);
    expect(kdd.row.notification_date).toBeNull();
    // SGP 2026: hf dates both rounds' notifications; the second round's deadline gets the second.
    const sgp = venue("SGP");
    expect([sgp.row.submission_date, sgp.row.notification_date]).toEqual(["2026-04-15", "2026-05-25"]);
    // Middleware 2026: March's notification is round 1's (December); round 2 (June) has none in the data.
    const middleware = venue("Middleware");
    expect([middleware.row.submission_date, middleware.row.notification_date]).toEqual(["2026-06-05", null]);
  });

  it("keeps NeurIPS 2026's end from the sources that agree on its start, with their text", () => {
    const { row, detail } = venue("NeurIPS");
    const edition = detail.editions.find((e) => e.year === 2026);
    expect(edition).toMatchObject({
      start_date: "2026-12-06",
      end_date: "2026-12-12",
      date_text: "December 6-12, 2026",
    });
    expect(row.edition).toMatchObject({ year: 2026, start_date: "2026-12-06", end_date: "2026-12-12" });
  });

  it("gives no edition an end before its start, nor a text of one day beside a range", () => {
    const wrong = [...details.values()].flatMap((d) =>
      d.editions
        .filter(
          (e) =>
            (e.start_date && e.end_date && e.end_date < e.start_date) ||
            (e.end_date !== e.start_date && e.date_text && /^[A-Z][a-z]+ \d{1,2}, \d{4}$/.test(e.date_text)),
        )
        .map((e) => `${d.id} ${e.year}: ${e.start_date} ${e.end_date} ${e.date_text}`),
    );
    expect(wrong).toEqual([]);
  });
});
