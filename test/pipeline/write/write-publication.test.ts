/**
 * Publishing a snapshot: the latest link moves only once a day's folder is complete, a failed write leaves nothing
 * behind, old days are pruned; readManifest reads what the writer wrote.
 */
import { existsSync, readdirSync, readlinkSync, realpathSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveLatest, SNAPSHOT_KEEP_DAYS_DEFAULT } from "../../../pipeline/write/publish.ts";
import { readManifest, writeSnapshot } from "../../../pipeline/write/write.ts";
import type { ConferenceRow, JournalRow } from "../../../snapshot/records.ts";
import * as make from "../../helpers/rows.ts";
import * as fixture from "../../helpers/write-content.ts";

const root = fixture.snapshotsRootPerTest();
const leftovers = () => readdirSync(root()).filter((name) => name.startsWith("."));

describe("writeSnapshot: atomic publication", () => {
  it("points latest at the new date with a relative symlink", async () => {
    expect(resolveLatest(root())).toBeNull();
    const { dir } = await writeSnapshot(root(), fixture.content());
    expect(readlinkSync(join(root(), "latest"))).toBe(fixture.DATE);
    expect(resolveLatest(root())).toBe(dir);
  });

  it("rejects an invalid row before writing, naming the record and field", async () => {
    const previous = await writeSnapshot(root(), fixture.content());
    const bad = { ...fixture.unscored, id: "555", ccf_rank: "Z" } as unknown as ConferenceRow;
    await expect(
      writeSnapshot(root(), fixture.content({ date: "2026-08-23", conferences: [fixture.scored, bad] })),
    ).rejects.toThrow(/conference 555: field "ccf_rank"/);
    expect(resolveLatest(root())).toBe(previous.dir);
    expect(existsSync(join(root(), "2026-08-23"))).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it("reports broken references and duplicate ids", async () => {
    const attempt = writeSnapshot(
      root(),
      fixture.content({
        journals: [fixture.journals[0] as JournalRow, fixture.journals[0] as JournalRow],
        conferenceDetails: [make.conferenceDetail({ id: "999" })],
      }),
    );
    await expect(attempt).rejects.toThrow(/journal 201: id appears more than once/);
    await expect(attempt).rejects.toThrow(/conference detail 999: no conference row/);
    await expect(attempt).rejects.toThrow(/journal_id 202 matches no journal row/);
  });

  it("removes the temp dir and keeps latest when writing fails midway", async () => {
    const previous = await writeSnapshot(root(), fixture.content());
    // A BigInt cannot be serialised: the failure comes after the temp dir was created and partly filled.
    await expect(
      writeSnapshot(root(), fixture.content({ date: "2026-08-23", idRegistry: { n: 1n } })),
    ).rejects.toThrow(/BigInt/);
    expect(resolveLatest(root())).toBe(previous.dir);
    expect(readdirSync(root()).sort()).toEqual([fixture.DATE, "latest"]);
  });

  it("replaces the directory on a same-day rebuild", async () => {
    await writeSnapshot(root(), fixture.content());
    const { dir } = await writeSnapshot(root(), fixture.content({ conferences: [fixture.scored] }));
    expect((await readManifest(dir)).counts.conferences).toBe(1);
    expect(resolveLatest(root())).toBe(dir);
    expect(readdirSync(root()).sort()).toEqual([fixture.DATE, "latest"]);
  });

  it("restores the previous same-day snapshot when latest cannot be switched", async () => {
    const { dir, manifest } = await writeSnapshot(root(), fixture.content());
    // A real directory named latest cannot be replaced by a symlink rename.
    await rm(join(root(), "latest"));
    await mkdir(join(root(), "latest"));
    await expect(writeSnapshot(root(), fixture.content({ conferences: [fixture.scored] }))).rejects.toThrow(
      /cannot switch/,
    );
    expect(await readManifest(dir)).toEqual(manifest);
    expect(readdirSync(root()).sort()).toEqual([fixture.DATE, "latest"]);
  });

  it(`keeps the snapshots of the last ${SNAPSHOT_KEEP_DAYS_DEFAULT} days by default, and always latest`, async () => {
    const day = (n: number) => `2026-08-${String(n).padStart(2, "0")}`;
    for (let n = 2; n <= 8; n++) await writeSnapshot(root(), fixture.content({ date: day(n) }));
    // Rebuilding an old date makes it latest although it is the oldest: it must survive pruning.
    await writeSnapshot(root(), fixture.content({ date: day(1) }));
    expect(readdirSync(root()).filter((n) => n !== "latest")).toHaveLength(8);
    expect(resolveLatest(root())).toBe(join(realpathSync(root()), day(1)));

    await writeSnapshot(root(), fixture.content({ date: day(9) }));
    const expected = [3, 4, 5, 6, 7, 8, 9].map(day);
    expect(readdirSync(root()).sort()).toEqual([...expected, "latest"]);

    // SNAPSHOT_KEEP_DAYS=2 on day 10: days 9 and 10 stay.
    await writeSnapshot(root(), fixture.content({ date: day(10) }), { keepDays: 2 });
    expect(readdirSync(root()).sort()).toEqual([day(9), day(10), "latest"]);
  });
});

describe("readManifest", () => {
  it("explains a missing or malformed manifest", async () => {
    await expect(readManifest(root())).rejects.toThrow(/cannot read snapshot manifest/);
    await writeFile(join(root(), "manifest.json"), JSON.stringify({ version: 1 }));
    await expect(readManifest(root())).rejects.toThrow(/manifest: field "version"/);
  });
});
