/**
 * `npm run audit:deadlines`: every deadline the trackers (ccfddl, hf, pwc, mpc) and the reference publish in
 * UPSTREAM_DIR against the snapshot in SNAPSHOTS_DIR/latest (pipeline/audit/deadline-audit.ts). Prints a table per
 * tracker; exits 1 when a real round is missing without a reason the build report lists, or an entry sits on
 * another venue than the one it names (the faults are listed), 2 when the files cannot be read.
 */
import { join } from "node:path";
import { auditDeadlines, auditReport } from "../pipeline/audit/deadline-audit.ts";
import { readBuildSettings } from "../pipeline/settings.ts";
import { LATEST } from "../snapshot/files.ts";

try {
  const { upstreamDir, snapshotsDir } = readBuildSettings(process.env);
  const snapshotDir = join(snapshotsDir, LATEST);
  console.log(`Deadline audit: ${upstreamDir} against ${snapshotDir}\n`);
  const audit = await auditDeadlines(upstreamDir, snapshotDir);
  console.log(auditReport(audit));
  console.log(audit.ok ? "\nOK: no round missing without a reason, no entry on another venue." : "\nFAILED.");
  process.exitCode = audit.ok ? 0 : 1;
} catch (err) {
  console.error(`audit:deadlines: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 2;
}
