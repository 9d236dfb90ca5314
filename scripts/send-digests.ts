/**
 * `npm run digests`: queues the e-mail digests and "closes in N days" messages due now, from `snapshots/latest`,
 * in the outbox of the state store (STATE_DIR or REDIS_URL); the mail sender of every serving instance sends them.
 * `npm start` runs it after each build (ROLE=all or builder). The snapshot's build time is the run's clock, so
 * what counts as upcoming and which day or week it is follow the snapshot just published. Running it again, or on
 * two builders at once, queues nothing twice. Prints one JSON line: how many subscriptions, digests and reminders.
 */
import { readMailConfig } from "../accounts/mail/config.ts";
import { StoreOutbox } from "../accounts/mail/outbox.ts";
import { openStore } from "../accounts/store/index.ts";
import { sendDigests } from "../functions/pages/subscriptions/digest-run.ts";
import { DEFAULT_SNAPSHOTS_DIR } from "../pipeline/settings.ts";
import { createQueryLayer } from "../read/query/index.ts";
import { SnapshotSource } from "../read/query/snapshot-source.ts";
import { publicBaseUrl } from "../runtime/base-url.ts";
import { createLineLogger } from "../runtime/logger.ts";

const log = createLineLogger(process.env.LOG_LEVEL?.trim() || "info");
try {
  const snapshotsDir = process.env.SNAPSHOTS_DIR?.trim() || DEFAULT_SNAPSHOTS_DIR;
  const mail = readMailConfig(process.env);
  const baseUrl = publicBaseUrl(process.env);
  // One pass over one snapshot: no polling, and no search index built ahead (digests ask no search).
  const source = await SnapshotSource.open({ snapshotsDir, pollMs: 0, searchAhead: false });
  // The snapshot the query layer reads: its manifest, as it parsed it (never a newer `latest` read apart).
  const { manifest } = source.current;
  const now = new Date(manifest.generated_at);
  const store = await openStore(process.env);
  try {
    const query = createQueryLayer({ source, publicBaseUrl: baseUrl, clock: () => now });
    const counts = await sendDigests({
      store,
      outbox: new StoreOutbox(store, mail),
      query,
      publicBaseUrl: baseUrl,
      now,
      logger: log,
    });
    log.info({ snapshot: manifest.version, ...counts }, "digests queued");
  } finally {
    source.close();
    await store.close();
  }
} catch (err) {
  log.error({ err: err instanceof Error ? err.message : String(err) }, "digests failed");
  process.exitCode = 1;
}
