/**
 * `npm run snapshot`: build a new snapshot from UPSTREAM_DIR into SNAPSHOTS_DIR and switch `latest` to it.
 * A failure leaves the previous snapshot in place and exits non-zero with the file and record at fault.
 */
import { resolve } from "node:path";
import { publicBaseUrl } from "../functions/base-url.ts";
import { buildSnapshot } from "../pipeline/pipeline.ts";
import { parseKeepDays } from "../pipeline/write.ts";

const upstreamDir = resolve(process.env.UPSTREAM_DIR ?? "../shared/data/upstream");
const snapshotsDir = resolve(process.env.SNAPSHOTS_DIR ?? "snapshots");
const baseUrl = publicBaseUrl(process.env);
// BUILD_NOW pins the build clock (tests, reproducing a past build).
const now = process.env.BUILD_NOW ? new Date(process.env.BUILD_NOW) : new Date();

try {
  console.log(`Building snapshot from ${upstreamDir} into ${snapshotsDir}`);
  const { dir, report } = await buildSnapshot({
    upstreamDir,
    snapshotsDir,
    baseUrl,
    now,
    log: (l) => console.log(l),
    keepDays: parseKeepDays(process.env.SNAPSHOT_KEEP_DAYS),
  });
  console.log(
    `Snapshot ${dir}: ${report.counts.conferences} conferences, ${report.counts.journals} journals, ` +
      `${report.counts.special_issues} special issues; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  );
} catch (err) {
  // SourceError names the file and the record in its message.
  const message = err instanceof Error ? err.message : String(err);
  console.error(`Snapshot build failed; the previous snapshot is untouched.\n${message}`);
  process.exit(1);
}
