/**
 * Follows `<snapshots>/latest`: loads the snapshot it points to and, polling every few seconds, swaps to a
 * newer one without a restart. The new snapshot is loaded completely before the reference is swapped; the old
 * one is closed once the queries still running on it finish. A snapshot that fails to load is logged and the
 * current one stays in service.
 */
import { realpath, stat } from "node:fs/promises";
import { join } from "node:path";
import { type Logger, silentLogger } from "../../runtime/logger.ts";
import { LATEST, MANIFEST } from "../../snapshot/files.ts";
import { SnapshotDatabase } from "./database.ts";
import { prepareSearch } from "./search-index.ts";

export interface SnapshotSourceOptions {
  /** Folder holding the dated snapshot folders and the `latest` symlink. */
  snapshotsDir: string;
  /** Poll interval; 0 disables polling (call `refresh()` yourself). */
  pollMs?: number;
  logger?: Logger;
  /** Called once per snapshot `latest` points at that cannot be loaded (for the load-failure metric). */
  onLoadFailure?: () => void;
  /**
   * Build the first snapshot's search indexes in the background as the source opens, so no search waits for one
   * (default true: a server; a snapshot swapped in later is always prepared before it serves). A one-shot reader
   * that asks no search (the digest run) sets false: an index is still built on first use.
   */
  searchAhead?: boolean;
}

/**
 * What identifies a snapshot: the folder `latest` resolves to and its manifest file's identity (a rewrite of
 * the same date replaces the manifest). Nothing is parsed here, so a broken snapshot still gets an identity
 * and is reported once.
 */
async function latestIdentity(snapshotsDir: string): Promise<{ dir: string; key: string }> {
  const dir = await realpath(join(snapshotsDir, LATEST));
  const manifest = await stat(join(dir, MANIFEST));
  return { dir, key: `${dir}\n${manifest.ino}\n${manifest.mtimeMs}\n${manifest.size}` };
}

export class SnapshotSource {
  private timer: ReturnType<typeof setInterval> | undefined;
  private refreshing: Promise<boolean> | undefined;
  private failedKey: string | undefined;
  private problem: string | null = null;

  private constructor(
    private readonly options: SnapshotSourceOptions,
    private db: SnapshotDatabase,
    private key: string,
  ) {}

  static async open(options: SnapshotSourceOptions): Promise<SnapshotSource> {
    let identity: { dir: string; key: string };
    try {
      identity = await latestIdentity(options.snapshotsDir);
    } catch (error) {
      throw new Error(
        `no readable snapshot at ${join(options.snapshotsDir, LATEST)} (build one with \`npm run snapshot\`): ${String(error)}`,
      );
    }
    const source = new SnapshotSource(options, await SnapshotDatabase.open(identity.dir), identity.key);
    // Built in the background so start-up does not wait for it; a search before it is ready waits for it.
    if (options.searchAhead !== false)
      prepareSearch(source.db).catch((error) =>
        (options.logger ?? silentLogger).error({ err: error }, "search index build failed"),
      );
    const pollMs = options.pollMs ?? 0;
    if (pollMs > 0) {
      source.timer = setInterval(() => void source.refresh(), pollMs);
      source.timer.unref();
    }
    return source;
  }

  /**
   * Why `latest` cannot be served while it points at a snapshot that failed to load, or is gone (the one in
   * service stays); null once it loads, or points back at the one in service.
   */
  get loadProblem(): string | null {
    return this.problem;
  }

  /** The snapshot in service right now. */
  get current(): SnapshotDatabase {
    return this.db;
  }

  /** Runs `fn` on the current snapshot, holding it open until `fn` settles even if a swap happens meanwhile. */
  use<T>(fn: (db: SnapshotDatabase) => Promise<T>): Promise<T> {
    return this.db.use(fn);
  }

  /** Loads and swaps in `latest` if it changed. Resolves true when a swap happened. Never rejects. */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.swapIfChanged().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  close(): void {
    clearInterval(this.timer);
    this.db.retire();
  }

  private async swapIfChanged(): Promise<boolean> {
    const logger = this.options.logger ?? silentLogger;
    let identity: { dir: string; key: string } | undefined;
    try {
      identity = await latestIdentity(this.options.snapshotsDir);
      if (identity.key === this.key) this.problem = null;
      if (identity.key === this.key || identity.key === this.failedKey) return false;
      const next = await SnapshotDatabase.open(identity.dir);
      await prepareSearch(next).catch((error) => {
        next.retire();
        throw error;
      });
      const previous = this.db;
      this.db = next;
      this.key = identity.key;
      this.problem = null;
      previous.retire();
      logger.info({ snapshot: identity.dir, date: next.manifest.date }, "snapshot swapped in");
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const problem = `${join(this.options.snapshotsDir, LATEST)} cannot be loaded (still serving the previous snapshot): ${message}`;
      // Reported once per broken snapshot (or once while `latest` is unreadable), not on every poll.
      if (identity) this.failedKey = identity.key;
      if (this.problem === problem) return false;
      this.problem = problem;
      this.options.onLoadFailure?.();
      logger.error({ err: error, snapshotsDir: this.options.snapshotsDir }, "snapshot reload failed");
      return false;
    }
  }
}
