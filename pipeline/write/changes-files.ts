/**
 * Writes the day's changes.json and changes.atom into a snapshot folder being built (what they say: changes.ts),
 * and describes both for datapackage.json.
 */
import { join } from "node:path";
import { CHANGES_FEED, CHANGES_FILE } from "../../snapshot/files.ts";
import {
  changesFeed,
  computeChanges,
  feedDay,
  keptFeedDays,
  type mergedIds,
  readPreviousSnapshot,
} from "./changes.ts";
import type { SnapshotContent } from "./content.ts";
import type { PackagedDocument } from "./datapackage.ts";
import { writeDurable } from "./durable-files.ts";
import { jsonDocument, jsonLines } from "./json-document.ts";
import type { Row } from "./public-tables.ts";
import { keepCutoff } from "./publish.ts";

/** The two changes files as datapackage.json lists them. */
export const CHANGES_DOCUMENTS: readonly PackagedDocument[] = [
  {
    name: "changes",
    path: CHANGES_FILE,
    title: "Changes since the previous snapshot",
    description:
      "Venues added, merged (id into the surviving id), removed, and changed public fields with the previous " +
      "and current value, against the snapshot named by previous_snapshot (null on a first build); " +
      "updated_at, views and detail_page are not compared",
    format: "json",
    mediatype: "application/json",
  },
  {
    name: "changes-feed",
    path: CHANGES_FEED,
    title: "Atom feed of the daily changes",
    description: "One entry per daily changes.json kept, newest first, each linking that day's file",
    format: "atom",
    mediatype: "application/atom+xml",
  },
];

/**
 * changes.json (against the newest snapshot dated before this one) and changes.atom (one entry per changes file
 * kept, this one included) in `dir`; `current` holds this build's public rows as published.
 */
export async function writeChanges(
  dir: string,
  content: SnapshotContent,
  current: Record<"conferences" | "journals", Iterable<Row>>,
  place: { baseUrl: string; snapshotsDir: string; keepDays: number; merged: ReturnType<typeof mergedIds> },
): Promise<void> {
  const { baseUrl } = place;
  const changes = computeChanges({
    date: content.date,
    generatedAt: content.generatedAt,
    previous: await readPreviousSnapshot(place.snapshotsDir, content.date),
    current,
    merged: place.merged,
  });
  const { added, merged, removed, changed, ...head } = changes;
  await writeDurable(
    join(dir, CHANGES_FILE),
    jsonDocument(
      {
        title: "Changes since the previous snapshot",
        note:
          "Venues added, merged (id into the surviving id), removed, and changed public fields with their previous " +
          "value, against the snapshot of previous_snapshot. Fields in ignored_fields are never compared; cp_index " +
          "counts as changed when its score, confidence or version does. Feed of the days kept: changes.atom.",
        ...head,
      },
      {
        added: jsonLines(added, (v) => JSON.stringify(v)),
        merged: jsonLines(merged, (v) => JSON.stringify(v)),
        removed: jsonLines(removed, (v) => JSON.stringify(v)),
        changed: jsonLines(changed, (v) => JSON.stringify(v)),
      },
    ),
  );
  const kept = await keptFeedDays(place.snapshotsDir, keepCutoff(content.date, place.keepDays), content.date);
  await writeDurable(
    join(dir, CHANGES_FEED),
    changesFeed({ baseUrl, generatedAt: content.generatedAt, days: [...kept, feedDay(changes)] }),
  );
}
