/**
 * The snapshot writer produces its files piece by piece (at 100× the catalogue they outgrow a V8 string). Those
 * pieces must join into exactly what one-shot serialisation gives: CSV written in chunks of rows, JSON
 * documents record by record, details from their validated lines.
 */
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSnapshot } from "../../../pipeline/write/write.ts";
import { unparsedCsv } from "../../helpers/csv.ts";
import { conferenceDetail, conferenceRow, snapshotContent } from "../../helpers/rows.ts";
import { tempSnapshotsDir } from "../../helpers/snapshot-fixture.ts";

/** More rows than one CSV chunk (5,000), with cells that need quoting. */
const ROWS = 12_345;

describe("the snapshot writer at a size that needs several chunks", () => {
  let snapshotsDir: string;
  let dir: string;
  const conferences = Array.from({ length: ROWS }, (_, i) =>
    conferenceRow({
      id: String(1000 + i),
      short_name: `C${i}`,
      full_name: i % 7 === 0 ? `Conference "${i}", with a comma` : `Conference number ${i}`,
    }),
  );
  const details = conferences.filter((_, i) => i % 3 === 0).map((c) => conferenceDetail({ id: c.id }));

  beforeAll(async () => {
    snapshotsDir = await tempSnapshotsDir();
    const content = snapshotContent({
      conferences,
      conferenceDetails: details,
      journals: [],
      journalDetails: [],
      specialIssues: [],
    });
    dir = (await writeSnapshot(snapshotsDir, content)).dir;
  });
  afterAll(() => rm(snapshotsDir, { recursive: true, force: true }));

  it("writes the CSV one papaparse call would write", async () => {
    const json = JSON.parse(await readFile(join(dir, "conferences.json"), "utf8"));
    const rows: Record<string, unknown>[] = json.conferences;
    expect(rows).toHaveLength(ROWS);
    expect(await readFile(join(dir, "conferences.csv"), "utf8")).toBe(unparsedCsv(rows));
  });

  it("writes JSON documents with one record per line, every record in order", async () => {
    const text = await readFile(join(dir, "conferences.json"), "utf8");
    const lines = text.split("\n").filter((l) => l.startsWith("    {"));
    expect(lines).toHaveLength(ROWS);
    expect(JSON.parse(text).conferences.map((c: { id: string }) => c.id)).toEqual(
      conferences.map((c) => c.id),
    );
  });

  it("writes details.json from the validated details, as a whole-file parse reads them", async () => {
    const parsed = JSON.parse(await readFile(join(dir, "details.json"), "utf8"));
    expect(parsed).toEqual({ conferences: details, journals: [] });
  });
});
