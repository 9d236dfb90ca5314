/**
 * `npm run sync [-- <folder or source id> …]`: brings the upstream copies in UPSTREAM_DIR up to date from their
 * origins (pipeline/sources/sources.yaml). Exit 1 when a folder failed (its last good copy is kept, and a build still
 * runs from it); 0 otherwise.
 */
import { readSyncSettings, type SyncSettings } from "../pipeline/settings.ts";
import { syncUpstream } from "../pipeline/sync/sync.ts";

let settings: SyncSettings;
try {
  settings = readSyncSettings(process.env);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}

const results = await syncUpstream({
  ...settings,
  now: () => new Date(),
  log: (line) => console.log(line),
  only: process.argv.slice(2),
}).catch((err: Error) => {
  console.error(`sync: ${err.message}`);
  process.exit(2);
});
const count = (o: string) => results.filter((r) => r.outcome === o).length;
console.log(
  `sync: ${count("updated")} updated, ${count("unchanged")} up to date, ${count("no-origin")} without origin, ` +
    `${count("failed")} failed${count("failed") ? " (kept their last good copies)" : ""}`,
);
process.exit(count("failed") ? 1 : 0);
