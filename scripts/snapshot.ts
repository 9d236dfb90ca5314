/**
 * `npm run snapshot`: build a new snapshot from UPSTREAM_DIR into SNAPSHOTS_DIR and switch `latest` to it.
 * A failure leaves the previous snapshot in place and exits non-zero with the file and record at fault. Holds the
 * build lock of SNAPSHOTS_DIR (pipeline/build-lock.ts), waiting for another build to finish; `-- --force` takes
 * over a lock whose build is known to be gone.
 */

import { withBuildLock } from "../pipeline/build-lock.ts";
import { buildSnapshot } from "../pipeline/pipeline.ts";
import { readBuildSettings } from "../pipeline/settings.ts";
import { publicBaseUrl } from "../runtime/base-url.ts";

try {
  const { upstreamDir, snapshotsDir, keepDays, now } = readBuildSettings(process.env);
  const baseUrl = publicBaseUrl(process.env);
  const log = (line: string) => console.log(line);
  const force = process.argv.slice(2).includes("--force");
  const { dir, report } = await withBuildLock(
    snapshotsDir,
    () => {
      console.log(`Building snapshot from ${upstreamDir} into ${snapshotsDir}`);
      return buildSnapshot({
        upstreamDir,
        snapshotsDir,
        baseUrl,
        // BUILD_NOW pins the build clock (tests, reproducing a past build).
        now: now(),
        log,
        keepDays,
      });
    },
    { force, log },
  );
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
