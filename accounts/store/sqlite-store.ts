/**
 * The embedded store as the server uses it: the SQLite database (sqlite-database.ts) runs on one worker thread
 * (sqlite-worker.ts) that owns the file; this class, on the main thread, sends each call as a message and awaits the
 * answer. A frozen file system or another process holding the write lock therefore stalls only the worker, never
 * the event loop: pages and files keep answering, and each store call fails with StoreUnavailable once its deadline
 * passes (timeoutMs) or SQLite reports busy, read-only or full; after repeated failures calls fail at once for a
 * cool-down (StoreGuard). If the worker dies it is started again on the next call. The two reads every keyed
 * request makes are answered from memory between changes (sqlite-read-cache.ts), unless the circuit is open.
 */
import { Worker } from "node:worker_threads";
import { withTimeout } from "../../runtime/timeout.ts";
import { countsTowardBreaker, StoreGuard } from "./guard.ts";
import { DEFAULT_BUSY_TIMEOUT_MS, sqliteStorageUse } from "./sqlite/connections.ts";
import { SHARED_BYTES } from "./sqlite-change-watch.ts";
import { ReadCache } from "./sqlite-read-cache.ts";
import type { Reply, SerializedError, StoreMethod, WorkerConfig, WorkerRequest } from "./sqlite-worker.ts";
import { DuplicateEmailError, type Store, type StoreOptions, StoreUnavailable } from "./types.ts";

export { STATE_FILE_NAME } from "./sqlite/connections.ts";

export interface SqliteStoreOptions extends StoreOptions {
  /** Directory holding the database file; created when missing. */
  dir: string;
  /** How long a write waits for another connection's lock before failing, ms (default DEFAULT_BUSY_TIMEOUT_MS). */
  busyTimeoutMs?: number;
  /** Consecutive failures that make calls fail fast for a cool-down (see StoreGuard). */
  failureThreshold?: number;
  coolDownMs?: number;
}

const WORKER_URL = new URL("./sqlite-worker.ts", import.meta.url);
const LABEL = "state store (SQLite)";
/** Longest SqliteStore.open waits for the worker to open the database (a hung file system fails start-up). */
const OPEN_TIMEOUT_MS = 10_000;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

function revive(error: SerializedError): Error {
  switch (error.kind) {
    case "unavailable":
      return new StoreUnavailable(`${LABEL}: ${error.message}`);
    case "duplicate-email":
      return new DuplicateEmailError(error.email ?? "");
    case "range":
      return new RangeError(error.message);
    default:
      return new Error(error.message);
  }
}

/** One running worker and the calls waiting for its answers. */
class WorkerHandle {
  readonly worker: Worker;
  readonly pending = new Map<number, Pending>();
  /** Kept reads, good for this worker only (a new worker starts with a new shared buffer). */
  readonly cache: ReadCache;
  /** Settles when the worker has opened the database: with nothing, or with why it could not. */
  readonly ready: Promise<Error | null>;
  private nextId = 1;

  constructor(config: Omit<WorkerConfig, "changes">, onExit: () => void) {
    const changes = new SharedArrayBuffer(SHARED_BYTES);
    this.cache = new ReadCache(changes);
    // Until the database is open the worker keeps the process alive; after that only calls in flight do (see
    // send), so an idle store never holds a finished script open.
    this.worker = new Worker(WORKER_URL, { workerData: { ...config, changes } satisfies WorkerConfig });
    let readied: (error: Error | null) => void = () => {};
    this.ready = new Promise((resolve) => {
      readied = resolve;
    });
    this.worker.on("message", (reply: Reply) => {
      if (reply.type === "ready") {
        readied(reply.error ? revive(reply.error) : null);
        if (this.pending.size === 0) this.worker.unref();
        return;
      }
      const call = this.pending.get(reply.id);
      if (!call) return; // its caller gave up (deadline) already
      this.settled(reply.id);
      if (reply.ok) call.resolve(reply.value);
      else call.reject(revive(reply.error));
    });
    const fail = (error: Error) => {
      readied(error);
      for (const [id, call] of this.pending) {
        this.settled(id);
        call.reject(error);
      }
    };
    this.worker.on("error", (err) => fail(new StoreUnavailable(`${LABEL}: worker failed: ${err.message}`)));
    this.worker.on("exit", (code) => {
      fail(new StoreUnavailable(`${LABEL}: worker exited (code ${code})`));
      onExit();
    });
  }

  send(request: WorkerRequest, signal?: AbortSignal): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const { id } = request;
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      signal?.addEventListener(
        "abort",
        () => {
          // The worker skips the call if it has not started it; a late answer finds no one waiting.
          if (this.pending.delete(id) && this.pending.size === 0) this.worker.unref();
          reject(signal.reason);
        },
        { once: true },
      );
      this.worker.postMessage(request);
    });
  }

  id(): number {
    return this.nextId++;
  }

  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }
}

export class SqliteStore implements Store {
  readonly backend = "file";
  private readonly config: Omit<WorkerConfig, "changes">;
  private readonly now: () => number;
  private readonly guard: StoreGuard;
  private handle: WorkerHandle | null = null;
  private closed = false;

  constructor(options: SqliteStoreOptions) {
    this.now = options.now ?? Date.now;
    this.config = {
      dir: options.dir,
      busyTimeoutMs: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS,
      now: this.now(),
    };
    this.guard = new StoreGuard({
      label: LABEL,
      timeoutMs: options.timeoutMs,
      failureThreshold: options.failureThreshold,
      coolDownMs: options.coolDownMs,
    });
    this.worker();
  }

  /** Opens the store and waits until the database is open, so a bad STATE_DIR fails at start-up. */
  static async open(options: SqliteStoreOptions): Promise<SqliteStore> {
    const store = new SqliteStore(options);
    const error = await withTimeout(
      store.worker().ready,
      OPEN_TIMEOUT_MS,
      () => new StoreUnavailable(`${LABEL}: the database did not open within ${OPEN_TIMEOUT_MS} ms`),
    );
    if (error) {
      await store.close();
      throw new Error(`cannot open the state store under STATE_DIR (${options.dir}): ${error.message}`);
    }
    return store;
  }

  private worker(): WorkerHandle {
    if (!this.handle) {
      const handle = new WorkerHandle({ ...this.config, now: this.now() }, () => {
        if (this.handle === handle) this.handle = null;
      });
      this.handle = handle;
    }
    return this.handle;
  }

  private call<M extends StoreMethod>(method: M, ...args: Parameters<Store[M]>): ReturnType<Store[M]> {
    return this.guard.run((signal) => {
      if (this.closed) throw new StoreUnavailable(`${LABEL}: closed`);
      const handle = this.worker();
      const request: WorkerRequest = {
        id: handle.id(),
        method,
        args,
        now: this.now(),
        deadline: Date.now() + this.guard.timeoutMs,
      };
      return handle.send(request, signal);
    }, countsTowardBreaker(method)) as ReturnType<Store[M]>;
  }

  /** A read answered from memory while it holds; with the circuit open it fails fast like every other call. */
  private keptRead<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.guard.open ? load() : this.worker().cache.read(key, load);
  }

  createAccount: Store["createAccount"] = (...args) => this.call("createAccount", ...args);
  getAccount: Store["getAccount"] = (...args) => this.call("getAccount", ...args);
  findAccountByEmail: Store["findAccountByEmail"] = (...args) => this.call("findAccountByEmail", ...args);
  createApiKey: Store["createApiKey"] = (...args) => this.call("createApiKey", ...args);
  findKeyCaller: Store["findKeyCaller"] = (hash) =>
    this.keptRead(`key ${hash}`, () => this.call("findKeyCaller", hash));
  listApiKeys: Store["listApiKeys"] = (...args) => this.call("listApiKeys", ...args);
  revokeApiKey: Store["revokeApiKey"] = (...args) => this.call("revokeApiKey", ...args);
  recordKeyUses: Store["recordKeyUses"] = (...args) => this.call("recordKeyUses", ...args);
  getProfile: Store["getProfile"] = (...args) => this.call("getProfile", ...args);
  putProfile: Store["putProfile"] = (...args) => this.call("putProfile", ...args);
  venueCounts: Store["venueCounts"] = (...args) => this.call("venueCounts", ...args);
  venueActivity: Store["venueActivity"] = (kind, venueId, limit) =>
    this.keptRead(`activity ${kind} ${venueId} ${limit}`, () =>
      this.call("venueActivity", kind, venueId, limit),
    );
  consume: Store["consume"] = (...args) => this.call("consume", ...args);
  reserve: Store["reserve"] = (...args) => this.call("reserve", ...args);
  lease: Store["lease"] = (...args) => this.call("lease", ...args);
  settleUnits: Store["settleUnits"] = (...args) => this.call("settleUnits", ...args);
  peek: Store["peek"] = (...args) => this.call("peek", ...args);
  settle: Store["settle"] = (...args) => this.call("settle", ...args);
  release: Store["release"] = (...args) => this.call("release", ...args);
  releaseAbandoned: Store["releaseAbandoned"] = (...args) => this.call("releaseAbandoned", ...args);
  forget: Store["forget"] = (...args) => this.call("forget", ...args);
  recordViews: Store["recordViews"] = (...args) => this.call("recordViews", ...args);
  views30d: Store["views30d"] = (...args) => this.call("views30d", ...args);
  views30dOf: Store["views30dOf"] = (...args) => this.call("views30dOf", ...args);
  putRating: Store["putRating"] = (...args) => this.call("putRating", ...args);
  addComment: Store["addComment"] = (...args) => this.call("addComment", ...args);
  removeDemoFeedback: Store["removeDemoFeedback"] = (...args) => this.call("removeDemoFeedback", ...args);
  getWatchlist: Store["getWatchlist"] = (...args) => this.call("getWatchlist", ...args);
  putWatchlist: Store["putWatchlist"] = (...args) => this.call("putWatchlist", ...args);
  keepWatchlist: Store["keepWatchlist"] = (...args) => this.call("keepWatchlist", ...args);
  removeExpiredWatchlists: Store["removeExpiredWatchlists"] = (...args) =>
    this.call("removeExpiredWatchlists", ...args);
  /** File sizes, read here: a probe of disk use never waits behind the worker's queue. */
  storageUse: Store["storageUse"] = () => sqliteStorageUse(this.config.dir);
  rememberLoginAddress: Store["rememberLoginAddress"] = (...args) =>
    this.call("rememberLoginAddress", ...args);
  knowsLoginAddress: Store["knowsLoginAddress"] = (...args) => this.call("knowsLoginAddress", ...args);
  getOrInitSetting: Store["getOrInitSetting"] = (...args) => this.call("getOrInitSetting", ...args);
  getSetting: Store["getSetting"] = (...args) => this.call("getSetting", ...args);
  markAccountVerified: Store["markAccountVerified"] = (...args) => this.call("markAccountVerified", ...args);
  setAccountPassword: Store["setAccountPassword"] = (...args) => this.call("setAccountPassword", ...args);
  createSession: Store["createSession"] = (...args) => this.call("createSession", ...args);
  getSession: Store["getSession"] = (...args) => this.call("getSession", ...args);
  deleteSession: Store["deleteSession"] = (...args) => this.call("deleteSession", ...args);
  deleteAccountSessions: Store["deleteAccountSessions"] = (...args) =>
    this.call("deleteAccountSessions", ...args);
  putOneTimeToken: Store["putOneTimeToken"] = (...args) => this.call("putOneTimeToken", ...args);
  takeOneTimeToken: Store["takeOneTimeToken"] = (...args) => this.call("takeOneTimeToken", ...args);
  enqueueMail: Store["enqueueMail"] = (...args) => this.call("enqueueMail", ...args);
  claimMail: Store["claimMail"] = (...args) => this.call("claimMail", ...args);
  markMailSent: Store["markMailSent"] = (...args) => this.call("markMailSent", ...args);
  markMailFailed: Store["markMailFailed"] = (...args) => this.call("markMailFailed", ...args);
  bounceMail: Store["bounceMail"] = (...args) => this.call("bounceMail", ...args);
  isMailSuppressed: Store["isMailSuppressed"] = (...args) => this.call("isMailSuppressed", ...args);
  mailQueueDepth: Store["mailQueueDepth"] = (...args) => this.call("mailQueueDepth", ...args);
  purgeMail: Store["purgeMail"] = (...args) => this.call("purgeMail", ...args);
  setAccountQuota: Store["setAccountQuota"] = (...args) => this.call("setAccountQuota", ...args);
  deleteAccount: Store["deleteAccount"] = (...args) => this.call("deleteAccount", ...args);
  addQuotaRequest: Store["addQuotaRequest"] = (...args) => this.call("addQuotaRequest", ...args);
  listQuotaRequests: Store["listQuotaRequests"] = (...args) => this.call("listQuotaRequests", ...args);
  grantQuotaRequests: Store["grantQuotaRequests"] = (...args) => this.call("grantQuotaRequests", ...args);
  createSubscription: Store["createSubscription"] = (...args) => this.call("createSubscription", ...args);
  getSubscription: Store["getSubscription"] = (...args) => this.call("getSubscription", ...args);
  confirmSubscription: Store["confirmSubscription"] = (...args) => this.call("confirmSubscription", ...args);
  updateSubscription: Store["updateSubscription"] = (...args) => this.call("updateSubscription", ...args);
  deleteSubscription: Store["deleteSubscription"] = (...args) => this.call("deleteSubscription", ...args);
  countSubscriptions: Store["countSubscriptions"] = (...args) => this.call("countSubscriptions", ...args);
  listSubscriptions: Store["listSubscriptions"] = (...args) => this.call("listSubscriptions", ...args);
  listConfirmedSubscriptions: Store["listConfirmedSubscriptions"] = (...args) =>
    this.call("listConfirmedSubscriptions", ...args);
  recordDigest: Store["recordDigest"] = (...args) => this.call("recordDigest", ...args);

  /**
   * Closes the database and stops the worker. A worker that does not answer in time is terminated anyway; one stuck
   * in a system call (a hung file system) cannot be, so it is left behind, no longer keeping the process alive.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const handle = this.handle;
    if (!handle) return;
    const signal = AbortSignal.timeout(this.guard.timeoutMs);
    await handle.send({ id: handle.id(), method: "close" }, signal).catch(() => {});
    handle.worker.unref();
    await withTimeout(
      handle.worker.terminate().then(() => {}),
      this.guard.timeoutMs,
      () => {},
    );
  }
}
