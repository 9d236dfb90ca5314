/**
 * The loaded snapshot's performance machinery: details read from an index of details.json instead of held in
 * memory (with the whole-file parse kept for any other layout, and the same refusal of a broken file), and the
 * per-snapshot payload cache.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSnapshot } from "../../../pipeline/write/write.ts";
import { SnapshotDatabase } from "../../../read/query/database.ts";
import { Conditions, DEEP_OFFSET, pagedSelect } from "../../../read/query/sql.ts";
import { forFile } from "../../helpers/for-file.ts";
import { conferenceRow, snapshotContent } from "../../helpers/rows.ts";
import { tempSnapshotsDir, writeFixtureSnapshot } from "../../helpers/snapshot-fixture.ts";

interface DetailsJson {
  conferences: { id: string }[];
  journals: { id: string }[];
}

describe("SnapshotDatabase details", () => {
  /** The fixture snapshot, and its details.json as written (`original`) and as read. */
  const snapshot = forFile(
    async () => {
      const snapshotsDir = await tempSnapshotsDir();
      const { dir } = await writeFixtureSnapshot(snapshotsDir);
      const original = await readFile(join(dir, "details.json"), "utf8");
      return { snapshotsDir, dir, original, details: JSON.parse(original) as DetailsJson };
    },
    ({ snapshotsDir }) => rm(snapshotsDir, { recursive: true, force: true }),
  );

  /** Opens the snapshot with details.json replaced by `text`, runs `check`, closes it. */
  async function withDetails(text: string, check: (db: SnapshotDatabase) => Promise<void>) {
    const { dir, original } = snapshot();
    await writeFile(join(dir, "details.json"), text);
    try {
      const db = await SnapshotDatabase.open(dir);
      try {
        await check(db);
      } finally {
        db.retire();
      }
    } finally {
      await writeFile(join(dir, "details.json"), original);
    }
  }

  const expectAllDetails = async (db: SnapshotDatabase) => {
    const { details } = snapshot();
    expect(details.conferences.length).toBeGreaterThan(0);
    expect(details.journals.length).toBeGreaterThan(0);
    for (const d of details.conferences) expect(await db.conferenceDetail(d.id)).toEqual(d);
    for (const d of details.journals) expect(await db.journalDetail(d.id)).toEqual(d);
    expect(await db.conferenceDetail("999999")).toBeUndefined();
    expect(await db.journalDetail(details.conferences[0]?.id ?? "")).toBeUndefined();
  };

  it("reads each detail from the file the build writes, one record per line", async () => {
    const { original, details } = snapshot();
    expect(original.split("\n").length).toBeGreaterThan(details.conferences.length + details.journals.length);
    await withDetails(original, expectAllDetails);
  });

  it("reads a details file laid out any other way by parsing it whole", async () => {
    const { details } = snapshot();
    await withDetails(JSON.stringify(details), expectAllDetails);
    await withDetails(JSON.stringify(details, null, 2), expectAllDetails);
  });

  it("checks a details file the manifest does not list record by record, and reads what it holds", async () => {
    const { original, details } = snapshot();
    const [first] = details.conferences;
    const edited = { ...first, website: "https://edited.example/" };
    const text = original.replace(JSON.stringify(first), JSON.stringify(edited));
    expect(text).not.toBe(original);
    await withDetails(text, async (db) => {
      expect(await db.conferenceDetail(first?.id ?? "")).toEqual(edited);
    });
  });

  it("refuses a snapshot whose details file holds an invalid record or is cut short", async () => {
    const { original, details } = snapshot();
    const [first] = details.conferences;
    const invalid = original.replace(JSON.stringify(first), JSON.stringify({ ...first, deadlines: "soon" }));
    expect(invalid).not.toBe(original);
    await expect(withDetails(invalid, async () => {})).rejects.toThrow();
    await expect(
      withDetails(original.slice(0, Math.floor(original.length / 2)), async () => {}),
    ).rejects.toThrow();
  });
});

describe("SnapshotDatabase table files", () => {
  it("reads search rows from the tables' JSON files and refuses files the manifest does not list", async () => {
    const snapshotsDir = await tempSnapshotsDir();
    try {
      const { dir } = await writeFixtureSnapshot(snapshotsDir);
      const conferences: { id: string }[] = JSON.parse(
        await readFile(join(dir, "conferences.json"), "utf8"),
      ).conferences;
      const db = await SnapshotDatabase.open(dir);
      try {
        const wanted = conferences.slice(0, 3).map((c) => Number(c.id));
        expect(db.tableRows("conferences", wanted)).toEqual(conferences.slice(0, 3));
        expect(db.tableRows("journals", [999_999])).toEqual([undefined]);
      } finally {
        db.retire();
      }
      const file = join(dir, "journals.json");
      await writeFile(file, (await readFile(file, "utf8")).replace('"journals": [', '"journals": [ '));
      await expect(SnapshotDatabase.open(dir)).rejects.toThrow(/journals\.json is not the file/);
    } finally {
      await rm(snapshotsDir, { recursive: true, force: true });
    }
  });
});

describe("SnapshotDatabase payload cache", () => {
  let snapshotsDir: string;
  let db: SnapshotDatabase;

  beforeAll(async () => {
    snapshotsDir = await tempSnapshotsDir();
    db = await SnapshotDatabase.open((await writeFixtureSnapshot(snapshotsDir)).dir);
  });
  afterAll(async () => {
    db.retire();
    await rm(snapshotsDir, { recursive: true, force: true });
  });

  it("computes a key once, also for concurrent requests, and keeps keys apart", async () => {
    let computed = 0;
    const compute = async () => {
      computed++;
      return { rows: [computed] };
    };
    const answers = await Promise.all([1, 2, 3].map(() => db.cached("k1", compute, (v) => v.rows.length)));
    expect(answers.map((a) => a.rows[0])).toEqual([1, 1, 1]);
    expect((await db.cached("k1", compute, () => 1)).rows[0]).toBe(1);
    expect((await db.cached("k2", compute, () => 1)).rows[0]).toBe(2);
    expect(computed).toBe(2);
  });

  it("keeps name searches in their own cache, so a stream of them pushes out no other payload", async () => {
    let computed = 0;
    const compute = async () => ++computed;
    await db.cached("a ranking", compute, () => 1);
    for (let i = 0; i < 6_000; i++) await db.cached(`name search ${i}`, compute, () => 1, "name searches");
    expect(await db.cached("a ranking", compute, () => 1)).toBe(1);
    // The name-search cache itself is bounded: its oldest entries were dropped.
    expect(await db.cached("name search 0", compute, () => 1, "name searches")).toBe(computed);
  });

  it("forgets a computation that failed", async () => {
    let attempts = 0;
    const flaky = async () => {
      attempts++;
      if (attempts === 1) throw new Error("first attempt fails");
      return "ok";
    };
    await expect(db.cached("flaky", flaky, () => 1)).rejects.toThrow("first attempt fails");
    await new Promise((r) => setTimeout(r, 0));
    expect(await db.cached("flaky", flaky, () => 1)).toBe("ok");
    expect(attempts).toBe(2);
  });
});

describe("deep pages", () => {
  let snapshotsDir: string;
  let db: SnapshotDatabase;
  const ROWS = 14_000;

  beforeAll(async () => {
    snapshotsDir = await tempSnapshotsDir();
    // Dates repeat and some are missing, so the order leans on its tie-breaks.
    const conferences = Array.from({ length: ROWS }, (_, i) =>
      conferenceRow({
        id: String(5000 + ((i * 7919) % ROWS)),
        short_name: `V${i % 97}`,
        submission_date:
          i % 11 === 0
            ? null
            : `2026-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
        ccf_rank: (["A", "B", "C", ""] as const)[i % 4],
      }),
    );
    const content = snapshotContent({
      conferences,
      conferenceDetails: [],
      journals: [],
      journalDetails: [],
      specialIssues: [],
    });
    db = await SnapshotDatabase.open((await writeSnapshot(snapshotsDir, content)).dir);
  });
  afterAll(async () => {
    db.retire();
    await rm(snapshotsDir, { recursive: true, force: true });
  });

  it("cuts the same rows from row numbers as a Top-N does, at the threshold, past it and past the end", async () => {
    const order =
      "CASE WHEN c.submission_date >= ? THEN 0 WHEN c.submission_date IS NOT NULL THEN 1 ELSE 2 END, " +
      "c.submission_date DESC, c.id_num";
    const cond = new Conditions().add("c.ccf_rank <> ?", "C");
    const query = {
      table: "conferences",
      alias: "c",
      columns: "c.id, c.submission_date",
      cond,
      order,
      orderParams: ["2026-06-15"],
    };
    for (const offset of [DEEP_OFFSET - 1n, DEEP_OFFSET, DEEP_OFFSET + 123n, 20_000n]) {
      const deep = pagedSelect(query, [50n, offset]);
      const topN = `SELECT c.id, c.submission_date FROM conferences c ${cond.where} ORDER BY ${order} LIMIT ? OFFSET ?`;
      const expected = await db.all(topN, [...cond.params, "2026-06-15", 50n, offset]);
      expect(await db.all(deep.sql, deep.params), `offset ${offset}`).toEqual(expected);
      expect(expected.length, `offset ${offset}`).toBe(offset < 10_500n ? 50 : 0);
      expect(deep.sql.includes("row_number()")).toBe(offset >= DEEP_OFFSET);
    }
  });
});
