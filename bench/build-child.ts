/**
 * Runs the nightly build in a process of its own for the benchmark: `buildSnapshot` as `npm run snapshot` runs
 * it, reporting each log line and the final figures as JSON lines on stdout so the parent can tell the stages
 * apart while it samples this process's memory.
 * Usage: build-child.ts <upstreamDir> <snapshotsDir> <baseUrl>
 */
import { buildSnapshot } from "../pipeline/pipeline.ts";

const [upstreamDir, snapshotsDir, baseUrl] = process.argv.slice(2);
const emit = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);

if (!upstreamDir || !snapshotsDir || !baseUrl) {
  console.error("usage: build-child.ts <upstreamDir> <snapshotsDir> <baseUrl>");
  process.exit(2);
}
try {
  const { dir, report } = await buildSnapshot({
    upstreamDir,
    snapshotsDir,
    baseUrl,
    now: new Date(),
    log: (line) => emit({ type: "log", line }),
  });
  emit({
    type: "done",
    dir,
    counts: report.counts,
    stages: report.stages.map(({ name, seconds }) => ({ name, seconds })),
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  });
} catch (error) {
  emit({ type: "error", message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
