/**
 * The worker thread that owns the SQLite database (started by SqliteStore, sqlite-store.ts). It opens the file,
 * says it is ready, then runs one call per message, in order, and answers each with its result or its error. A call
 * whose caller has already given up (its deadline passed while it waited in the queue) is not run at all, so a
 * request answered 503 is never counted afterwards. Errors that mean "cannot answer now" (busy, locked, read-only,
 * full, I/O) come back marked unavailable; the main thread turns them into StoreUnavailable.
 */
import { parentPort, workerData } from "node:worker_threads";
import { ChangeWatch } from "./sqlite-change-watch.ts";
import { openSqliteDatabase, type SqliteDatabase } from "./sqlite-database.ts";
import { DuplicateEmailError, type Store } from "./types.ts";

export interface WorkerConfig {
  dir: string;
  busyTimeoutMs: number;
  /** The injected clock's reading when the store was opened (expired counters are cleared on open). */
  now: number;
  /** Shared with SqliteStore's read cache (sqlite-change-watch.ts). */
  changes: SharedArrayBuffer;
}

/** The store methods a message can name. */
export type StoreMethod = Exclude<keyof Store, "backend" | "close" | "takeToken">;

export type WorkerRequest =
  | { id: number; method: StoreMethod; args: unknown[]; now: number; deadline: number }
  | { id: number; method: "close" };

export interface SerializedError {
  kind: "unavailable" | "duplicate-email" | "range" | "error";
  message: string;
  email?: string;
}

export type Reply =
  | { type: "ready"; error?: SerializedError }
  | { type: "reply"; id: number; ok: true; value: unknown }
  | { type: "reply"; id: number; ok: false; error: SerializedError };

/**
 * SQLite primary result codes meaning the database cannot serve now rather than that the call was wrong: BUSY,
 * LOCKED, NOMEM, READONLY, INTERRUPT, IOERR, CORRUPT, FULL, CANTOPEN, PROTOCOL, NOTADB.
 */
const UNAVAILABLE_SQLITE_CODES = new Set([5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 26]);
/** File-system errors (creating STATE_DIR) with the same meaning. */
const UNAVAILABLE_SYSTEM_CODES = new Set(["ENOSPC", "EROFS", "EACCES", "EPERM", "EIO", "EDQUOT", "EBUSY"]);

export function serializeError(err: unknown): SerializedError {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof DuplicateEmailError) return { kind: "duplicate-email", message, email: err.email };
  if (err instanceof RangeError) return { kind: "range", message };
  const { errcode, code } = (err ?? {}) as { errcode?: unknown; code?: unknown };
  if (typeof errcode === "number" && UNAVAILABLE_SQLITE_CODES.has(errcode & 0xff)) {
    return { kind: "unavailable", message };
  }
  if (typeof code === "string" && UNAVAILABLE_SYSTEM_CODES.has(code)) return { kind: "unavailable", message };
  return { kind: "error", message };
}

function serve(config: WorkerConfig, port: NonNullable<typeof parentPort>): void {
  let now = config.now;
  let db: SqliteDatabase | null = null;
  let openError: SerializedError | null = null;
  try {
    db = openSqliteDatabase({ dir: config.dir, busyTimeoutMs: config.busyTimeoutMs, now: () => now });
  } catch (err) {
    openError = serializeError(err);
  }
  const watch = db ? new ChangeWatch(config.changes, db.dataVersion) : null;
  const ready: Reply = openError ? { type: "ready", error: openError } : { type: "ready" };
  port.postMessage(ready);

  port.on("message", async (request: WorkerRequest) => {
    const answer = (reply: Reply) => port.postMessage(reply);
    if (request.method === "close") {
      watch?.stop();
      await db?.close();
      db = null;
      answer({ type: "reply", id: request.id, ok: true, value: null });
      return;
    }
    if (!db) {
      const error = openError ?? { kind: "unavailable", message: "the database is closed" };
      answer({ type: "reply", id: request.id, ok: false, error });
      return;
    }
    if (Date.now() > request.deadline) {
      const error: SerializedError = { kind: "unavailable", message: "the call waited past its deadline" };
      answer({ type: "reply", id: request.id, ok: false, error });
      return;
    }
    try {
      now = request.now;
      // Every method runs to completion synchronously (the async signature is the Store contract's), so calls
      // never interleave.
      const method = db[request.method] as (...args: unknown[]) => Promise<unknown>;
      watch?.before(request.method);
      const value = await method.apply(db, request.args).finally(() => watch?.after(request.method));
      answer({ type: "reply", id: request.id, ok: true, value });
    } catch (err) {
      answer({ type: "reply", id: request.id, ok: false, error: serializeError(err) });
    }
  });
}

if (parentPort) serve(workerData as WorkerConfig, parentPort);
