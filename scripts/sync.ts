/**
 * `npm run sync [-- <folder or source id> …]`: brings the upstream copies in UPSTREAM_DIR up to date from their
 * origins (pipeline/sources.yaml). Exit 1 when a folder failed (its last good copy is kept, and a build still
 * runs from it); 0 otherwise.
 */
import { resolve } from "node:path";
import { syncUpstream } from "../pipeline/sync/sync.ts";

const root = resolve(import.meta.dirname, "..");
const upstreamDir = resolve(process.env.UPSTREAM_DIR ?? resolve(root, "../shared/data/upstream"));
const stateDir = resolve(process.env.STATE_DIR ?? resolve(root, "var"));
const timeout = Number(process.env.SYNC_TIMEOUT_MS ?? 300_000);
if (!Number.isInteger(timeout) || timeout <= 0) {
  console.error("SYNC_TIMEOUT_MS must be a whole number of milliseconds > 0");
  process.exit(2);
}

const results = await syncUpstream({
  upstreamDir,
  cacheDir: resolve(process.env.SYNC_CACHE_DIR ?? resolve(stateDir, "upstream-git")),
  timeoutMs: timeout,
  now: () => new Date(),
  log: (line) => console.log(line),
  only: process.argv.slice(2),
});
const count = (o: string) => results.filter((r) => r.outcome === o).length;
console.log(
  `sync: ${count("updated")} updated, ${count("unchanged")} up to date, ${count("no-origin")} without origin, ` +
    `${count("failed")} failed${count("failed") ? " (kept their last good copies)" : ""}`,
);
process.exit(count("failed") ? 1 : 0);
