/**
 * Venue ids: decimal-digit strings, stable across rebuilds and machines, never reused.
 *   1. A venue the reference service knows keeps the reference's id, so its attribution link stays right.
 *   2. Otherwise any of its keys found in the previous build's registry gives back the id it had.
 *   3. Otherwise the id is derived from the venue's most stable key by hashing into [1e9, 1e10): another
 *      machine building from the same data gets the same id with no shared state, and the range cannot meet
 *      the reference's small ids.
 * Ids of venues that disappear are retired in the registry and never handed out again.
 */
import { createHash } from "node:crypto";
import { carriedDate } from "../normalize/carried-date.ts";

export interface RegistryEntry {
  keys: string[];
  /** Content hash of the record in that build, for `updated_at`. */
  hash: string;
  updated_at: string | null;
}

export interface KindRegistry {
  entries: Record<string, RegistryEntry>;
  retired: string[];
  /** Retired id → the surviving id its venue was merged into (its keys now belong there); kept for good. */
  merged?: Record<string, string>;
}

export interface IdRegistry {
  version: 1;
  conferences: KindRegistry;
  journals: KindRegistry;
}

export const emptyRegistry = (): IdRegistry => ({
  version: 1,
  conferences: { entries: {}, retired: [] },
  journals: { entries: {}, retired: [] },
});

export interface IdRequest {
  /** Every key the venue is known by: exact keys ("dblp:conf/aaai") and member keys ("ccfddl:AI/aaai.yml#AAAI"). */
  keys: string[];
  referenceId: number | null;
}

/** Which key a hashed id is derived from: the kinds least likely to change come first. */
const KEY_PREFERENCE = [
  "dblp:",
  "alias:",
  "core:",
  "issn:",
  "ccf:",
  "ccfddl:",
  "icore:",
  "scimago:",
  "qualis:",
];

export function primaryKey(keys: readonly string[]): string {
  const rank = (k: string) => {
    const i = KEY_PREFERENCE.findIndex((p) => k.startsWith(p));
    return i < 0 ? KEY_PREFERENCE.length : i;
  };
  const sorted = [...keys].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const first = sorted[0];
  if (!first) throw new Error("a venue without any key cannot get an id");
  return first;
}

export function hashedId(key: string, attempt = 0): string {
  const digest = createHash("sha256")
    .update(attempt === 0 ? key : `${key}#${attempt}`)
    .digest();
  const n = digest.readBigUInt64BE(0) % 9_000_000_000n;
  return (1_000_000_000n + n).toString();
}

/** Assigns ids for one kind (conferences or journals); returns them in request order. */
export function assignIds(requests: readonly IdRequest[], previous: KindRegistry): string[] {
  const previousByKey = new Map<string, string>();
  for (const [id, entry] of Object.entries(previous.entries)) {
    for (const k of entry.keys) if (!previousByKey.has(k)) previousByKey.set(k, id);
  }
  const unavailable = new Set(previous.retired);
  const taken = new Set<string>();
  const ids: (string | null)[] = requests.map(() => null);

  // Reference ids and remembered ids first, so a hashed id never takes a place someone already had.
  requests.forEach((r, i) => {
    const id = r.referenceId !== null ? String(r.referenceId) : undefined;
    if (id && !taken.has(id)) {
      ids[i] = id;
      taken.add(id);
    }
  });
  requests.forEach((r, i) => {
    if (ids[i] !== null) return;
    const remembered = r.keys
      .map((k) => previousByKey.get(k))
      .find((id) => id !== undefined && !taken.has(id));
    if (remembered) {
      ids[i] = remembered;
      taken.add(remembered);
    }
  });
  const reserved = new Set([...Object.keys(previous.entries), ...unavailable]);
  requests.forEach((r, i) => {
    if (ids[i] !== null) return;
    const key = primaryKey(r.keys);
    let attempt = 0;
    let id = hashedId(key);
    while (taken.has(id) || reserved.has(id)) id = hashedId(key, ++attempt);
    ids[i] = id;
    taken.add(id);
  });
  return ids as string[];
}

/** A venue's key for a reference row it holds (describe.ts): "ref:1143". */
const REFERENCE_KEY = /^ref:(\d+)$/;

/** The registry to write with this build: current entries, plus every id that ever existed and is gone now. */
export function nextKindRegistry(
  previous: KindRegistry,
  entries: Record<string, RegistryEntry>,
): KindRegistry {
  const gone = Object.keys(previous.entries).filter((id) => !(id in entries));
  const retired = [...new Set([...previous.retired, ...gone])].filter((id) => !(id in entries)).sort();
  const owner = new Map<string, string>();
  for (const [id, e] of Object.entries(entries)) for (const k of e.keys) owner.set(k, id);
  const merged: Record<string, string> = {};
  // Earlier merges follow their survivor if it was merged away in turn.
  for (const [from, to] of Object.entries(previous.merged ?? {})) {
    const target =
      to in entries ? to : (previous.entries[to]?.keys.map((k) => owner.get(k)).find((x) => x) ?? null);
    if (target && !(from in entries)) merged[from] = target;
  }
  for (const id of gone) {
    const votes = new Map<string, number>();
    for (const k of previous.entries[id]?.keys ?? []) {
      const to = owner.get(k);
      if (to) votes.set(to, (votes.get(to) ?? 0) + 1);
    }
    const best = [...votes.entries()].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))[0];
    if (best) merged[id] = best[0];
  }
  // A venue holding several reference rows (TASLP: 148 and 1143) has the first one's id; the others' ids are
  // the ones the reference service's users know, so they lead to the venue too.
  for (const [id, e] of Object.entries(entries)) {
    for (const k of e.keys) {
      const absorbed = k.match(REFERENCE_KEY)?.[1];
      if (absorbed && absorbed !== id && !(absorbed in entries)) merged[absorbed] = id;
    }
  }
  return { entries, retired, merged };
}

/** `updated_at` (normalize/carried-date.ts): the source's own change date in a first build, null when it has none. */
export function updatedAt(
  previous: RegistryEntry | undefined,
  hash: string,
  sourceUpdatedAt: string | null,
  buildDate: string,
  hasPreviousBuild: boolean,
): string | null {
  return carriedDate({
    previous: previous && { date: previous.updated_at, unchanged: previous.hash === hash },
    previousBuild: hasPreviousBuild,
    buildDate,
    sourceDate: sourceUpdatedAt,
    capAtBuildDate: false,
  });
}

export function contentHash(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);
}
