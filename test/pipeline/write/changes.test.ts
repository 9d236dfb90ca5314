import { appendFileSync, cpSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { snapshotFiles } from "../../../functions/edge/snapshot-files.ts";
import { type Changes, computeChanges, fieldChanges } from "../../../pipeline/write/changes.ts";
import type { ConferenceRow } from "../../../snapshot/records.ts";
import { UPSTREAM_FIXTURES } from "../../helpers/import-fixtures.ts";
import { tempDirsForFile } from "../../helpers/temp-dirs.ts";
import { buildQuietly, nextNightQualis } from "../../helpers/upstream-builds.ts";

const BASE_URL = "https://venues.example";

const json = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), "utf8"));

interface AtomEntry {
  id: string;
  title: string;
  updated: string;
  link: { "@_href": string; "@_type": string };
  summary: { "#text": string };
}

function parseFeed(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "entry" });
  return parser.parse(text).feed as { id: string; updated: string; entry?: AtomEntry[] };
}

describe("daily changes file and feed, two builds on the fixtures", () => {
  const tempDir = tempDirsForFile("vd-changes-");
  let upstream: string;
  let snapshots: string;
  const build = (now: string) => buildQuietly(upstream, snapshots, BASE_URL, new Date(now));
  let firstDir: string;
  let secondDir: string;
  let first: Changes;
  let second: Changes;
  let firstConferences: ConferenceRow[];
  let secondConferences: ConferenceRow[];

  beforeAll(async () => {
    upstream = tempDir("upstream");
    snapshots = tempDir("snapshots");
    cpSync(UPSTREAM_FIXTURES, upstream, { recursive: true });
    const core = join(upstream, "core-history/CORE2023.csv");
    // A CORE row of its own that the next night's list renames into the QUALIS-only WVC: two venues become one.
    appendFileSync(core, "99901,International Symposium on Zebra Foo Studies,ZFOO,CORE2023,B,Yes,46,,\n");
    firstDir = (await build("2026-11-20T06:00:00Z")).dir;
    first = json(firstDir, "changes.json");
    firstConferences = json(firstDir, "conferences.json").conferences;

    writeFileSync(
      core,
      readFileSync(core, "utf8").replace(
        "99901,International Symposium on Zebra Foo Studies,ZFOO,",
        "99901,Workshop de Visão Computacional,WVC,",
      ),
    );
    await nextNightQualis(upstream);
    secondDir = (await build("2026-11-21T06:00:00Z")).dir;
    second = json(secondDir, "changes.json");
    secondConferences = json(secondDir, "conferences.json").conferences;
  });

  it("says a first build has nothing to compare with, with empty lists", () => {
    expect(first).toMatchObject({
      date: "2026-11-20",
      generated_at: "2026-11-20T06:00:00Z",
      previous_snapshot: null,
      first_build: true,
      counts: { added: 0, merged: 0, removed: 0, changed: 0 },
      added: [],
      merged: [],
      removed: [],
      changed: [],
    });
  });

  it("names the added venue with its id, kind and names", () => {
    expect(second).toMatchObject({ date: "2026-11-21", previous_snapshot: "2026-11-20", first_build: false });
    const added = secondConferences.find((c) => c.short_name === "NEWCONF");
    expect(second.added).toContainEqual({
      kind: "conference",
      id: added?.id,
      short_name: "NEWCONF",
      full_name: "International Conference on Something Entirely New",
      detail_page: `${BASE_URL}/conference/${added?.id}`,
    });
    expect(second.counts.added).toBe(second.added.length);
  });

  it("gives a changed field with its previous value, never the volatile ones", () => {
    const threeDv = secondConferences.find((c) => c.short_name === "3DV");
    const entry = second.changed.find((c) => c.id === threeDv?.id);
    expect(entry?.fields).toContainEqual({ field: "qualis_rank", previous: "A1", current: "A2" });
    for (const c of second.changed) {
      for (const f of c.fields) expect(["updated_at", "views", "detail_page"]).not.toContain(f.field);
    }
    // Every venue listed as changed really differs, and none of the untouched ones is listed.
    const before = new Map(firstConferences.map((c) => [c.id, c]));
    for (const c of second.changed.filter((x) => x.kind === "conference")) {
      expect(before.has(c.id), c.id).toBe(true);
    }
    expect(second.ignored_fields).toEqual(["updated_at", "views", "detail_page", "data_as_of", "stale"]);
  });

  it("lists a merge as the gone id into the surviving one, as ids.json records it", () => {
    const zfoo = firstConferences.find((c) => c.short_name === "ZFOO");
    const wvcBefore = firstConferences.find((c) => c.short_name === "WVC");
    const wvcAfter = secondConferences.filter((c) => c.short_name === "WVC");
    expect(zfoo && wvcBefore).toBeTruthy();
    expect(wvcAfter).toHaveLength(1);
    const survivor = wvcAfter[0]?.id as string;
    const gone = [zfoo?.id, wvcBefore?.id].find((id) => id !== survivor) as string;
    expect(second.merged).toContainEqual(
      expect.objectContaining({ kind: "conference", id: gone, into: survivor }),
    );
    expect(json(secondDir, "ids.json").conferences.merged[gone]).toBe(survivor);
    expect(second.removed.map((r) => r.id)).not.toContain(gone);
    expect(second.counts).toEqual({
      added: second.added.length,
      merged: second.merged.length,
      removed: second.removed.length,
      changed: second.changed.length,
    });
  });

  it("is a public file: in the manifest and datapackage.json with its size and hash", () => {
    const manifest = json(secondDir, "manifest.json");
    const pkg = json(secondDir, "datapackage.json");
    for (const name of ["changes.json", "changes.atom"]) {
      const file = manifest.files.find((f: { name: string }) => f.name === name);
      expect(file, name).toBeDefined();
      expect(pkg.resources.find((r: { path: string }) => r.path === name)).toMatchObject({
        bytes: file.bytes,
        hash: `sha256:${file.sha256}`,
      });
    }
  });

  it("writes an Atom feed with one entry per build, newest first, each linking its day's changes.json", () => {
    const before = parseFeed(readFileSync(join(firstDir, "changes.atom"), "utf8"));
    expect(before.entry).toHaveLength(1);
    const feed = parseFeed(readFileSync(join(secondDir, "changes.atom"), "utf8"));
    expect(feed.id).toBe("tag:venues.example,2026:venue-directory/changes");
    expect(feed.updated).toBe("2026-11-21T06:00:00Z");
    expect(feed.entry?.map((e) => e.id)).toEqual([
      "tag:venues.example,2026-11-21:venue-directory/changes",
      "tag:venues.example,2026-11-20:venue-directory/changes",
    ]);
    expect(feed.entry?.map((e) => e.link["@_href"])).toEqual([
      `${BASE_URL}/snapshots/2026-11-21/changes.json`,
      `${BASE_URL}/snapshots/2026-11-20/changes.json`,
    ]);
    const [latest, earliest] = feed.entry ?? [];
    expect(latest?.title).toContain(`${second.counts.added} added`);
    expect(latest?.summary["#text"]).toContain("conference NEWCONF");
    expect(latest?.summary["#text"]).toContain("Since the snapshot of 2026-11-20");
    expect(earliest?.title).toBe("Changes of 2026-11-20: first build");
    // The same entry id as in the day's own feed.
    expect(before.entry?.[0]?.id).toBe(earliest?.id);
  });

  it("is served under /snapshots/ as Atom and linked from the latest index page", async () => {
    const serve = snapshotFiles(snapshots);
    const feed = await serve(
      new Request("http://x/snapshots/latest/changes.atom"),
      "/snapshots/latest/changes.atom",
    );
    expect(feed?.status).toBe(200);
    expect(feed?.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(await feed?.text()).toBe(readFileSync(join(realpathSync(secondDir), "changes.atom"), "utf8"));
    const index = await serve(new Request("http://x/snapshots/latest/"), "/snapshots/latest/");
    const html = (await index?.text()) ?? "";
    expect(html).toContain(
      '<link rel="alternate" type="application/atom+xml" title="Daily changes" href="changes.atom">',
    );
    expect(html).toContain('<a href="changes.json">changes.json</a>');
  });
});

describe("field comparison", () => {
  it("ignores updated_at, views and detail_page, and a cp_index whose score, confidence and version stand", () => {
    const cp = (score: number, community: number) => ({
      score,
      confidence: 0.8,
      version: "cp-1",
      breakdown: [{ name: "community", value: community, weight: 0.1, known: true }],
    });
    const before = {
      id: "1",
      short_name: "A",
      updated_at: "2026-01-01",
      views: 10,
      detail_page: "https://a/conference/1",
      cp_index: cp(50, 10),
      fields: ["ai"],
    };
    expect(
      fieldChanges(before, {
        ...before,
        updated_at: "2026-02-02",
        views: 11,
        detail_page: "https://b/conference/1",
        cp_index: cp(50, 11),
      }),
    ).toEqual([]);
    expect(fieldChanges(before, { ...before, cp_index: cp(51, 11), fields: ["ai", "ml"] })).toEqual([
      { field: "cp_index", previous: cp(50, 10), current: cp(51, 11) },
      { field: "fields", previous: ["ai"], current: ["ai", "ml"] },
    ]);
    // A column the previous snapshot did not have is not a change of every venue.
    expect(fieldChanges(before, { ...before, country: "Brazil" })).toEqual([]);
  });

  it("a venue gone with no heir is removed, not merged", () => {
    const row = (id: string, short_name: string) => ({ id, short_name, full_name: `${short_name} conf` });
    const changes = computeChanges({
      date: "2026-11-21",
      generatedAt: "2026-11-21T00:00:00Z",
      previous: {
        date: "2026-11-20",
        conferences: new Map([
          ["7", JSON.stringify(row("7", "OLD"))],
          ["8", JSON.stringify(row("8", "GONE"))],
          ["10", JSON.stringify(row("10", "KEEP"))],
        ]),
        journals: new Map(),
      },
      current: { conferences: [row("10", "KEEP")], journals: [] },
      merged: { conferences: { "7": "10" }, journals: {} },
    });
    expect(changes.merged).toEqual([
      { kind: "conference", id: "7", into: "10", short_name: "OLD", full_name: "OLD conf" },
    ]);
    expect(changes.removed).toEqual([
      { kind: "conference", id: "8", short_name: "GONE", full_name: "GONE conf" },
    ]);
    expect(changes.counts).toEqual({ added: 0, merged: 1, removed: 1, changed: 0 });
  });
});
