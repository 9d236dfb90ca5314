/**
 * The state store checked while a server runs, not only at start (state-identity.ts): every few seconds one cheap
 * read of its state id. A store that was emptied (a Redis restarted without persistence, FLUSHALL) or replaced
 * (another Redis, another SQLite file) makes every call of the guarded store fail with StateIdentityLost — a
 * StoreUnavailable, so the edge answers metered calls 503 with its message — until the store holds the expected
 * state again (restored from a backup) or an operator accepts the new one (`npm run accounts -- accept-state`,
 * which notes in the store which state it replaces). Nothing is served as if the store were intact, and nothing is
 * written into the emptied store meanwhile (no new state id, no new login-token secret).
 */
import { existsSync, statSync } from "node:fs";
import { writePrivateFile } from "../../runtime/private-files.ts";
import { recordedStateId, replacedBySetting, stateMismatch, storedStateId } from "./state-identity.ts";
import { type Store, StoreUnavailable } from "./types.ts";

export const DEFAULT_STATE_CHECK_MS = 2000;

/** Every call of a store whose identity is lost; the message says why and what to do. */
export class StateIdentityLost extends StoreUnavailable {
  constructor(message: string) {
    super(message);
    this.name = "StateIdentityLost";
  }
}

export interface IdentityWatchOptions {
  /** This machine's marker file (stateMarkerFile): the state expected, and updated when a replacement is accepted. */
  markerFile: string;
  /** The SQLite file, whose replacement under a running server is caught by its inode; absent with Redis. */
  databaseFile?: string;
  intervalMs?: number;
  /** Called once when the identity is lost (with the reason) and once when it is back. */
  onLost(reason: string): void;
  onRestored(stateId: string, how: "restored" | "accepted"): void;
}

const fileIdentity = (file: string) => {
  if (!existsSync(file)) return "missing";
  const s = statSync(file);
  return `${s.dev}:${s.ino}`;
};

export class StateIdentityWatch {
  private expected: string;
  private readonly databaseIdentity: string | null;
  private lost: string | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private checking: Promise<void> | undefined;

  /** `store` is the unguarded store the checks read from. */
  constructor(
    private readonly store: Store,
    private readonly options: IdentityWatchOptions,
  ) {
    this.expected = recordedStateId(options.markerFile);
    this.databaseIdentity = options.databaseFile ? fileIdentity(options.databaseFile) : null;
  }

  /** Why the store is not the state this server serves, or null while it is. */
  get problem(): string | null {
    return this.lost;
  }

  start(): void {
    this.timer = setInterval(() => void this.check(), this.options.intervalMs ?? DEFAULT_STATE_CHECK_MS);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
  }

  /** One check (never two at once); a store that cannot answer is the guard's business, not an identity change. */
  check(): Promise<void> {
    this.checking ??= this.compare()
      .catch((err: unknown) => {
        if (!(err instanceof StoreUnavailable)) throw err;
      })
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
  }

  private async compare(): Promise<void> {
    const { databaseFile } = this.options;
    if (databaseFile && fileIdentity(databaseFile) !== this.databaseIdentity) {
      // The open database is the old file: only a restart opens the new one (and checks it at start).
      return this.lose(
        `the SQLite file ${databaseFile} was replaced or removed under this server, which still has the old one ` +
          "open: restart the server to serve the file now in place (its state is checked at start)",
      );
    }
    const found = await storedStateId(this.store);
    if (found === this.expected) return this.regain(found, "restored");
    // Accepted (or restored from another state's backup) on this machine: the marker names it already.
    const marker = recordedStateId(this.options.markerFile);
    const successor = await this.store.getSetting(replacedBySetting(this.expected));
    if (found !== null && (successor === found || marker === found)) {
      // An operator accepted this state in place of the one expected: follow, and record it for the next start.
      if (marker === this.expected) {
        writePrivateFile(this.options.markerFile, `${found}\n`);
      }
      this.expected = found;
      return this.regain(found, "accepted");
    }
    this.lose(stateMismatch(this.expected, found, "the one this server was serving"));
  }

  private lose(reason: string): void {
    if (this.lost === reason) return;
    this.lost = reason;
    this.options.onLost(reason);
  }

  private regain(id: string, how: "restored" | "accepted"): void {
    if (this.lost === null) return;
    this.lost = null;
    this.options.onRestored(id, how);
  }

  /**
   * `store` with every call (all but close) refused while the identity is lost. The check is made before the call,
   * so an emptied store is never written to once the loss is known.
   */
  guard<S extends Store>(store: S): S {
    return new Proxy(store, {
      get: (target, property, receiver) => {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function" || property === "close" || property === "constructor") return value;
        return (...args: unknown[]) => {
          if (this.lost !== null) return Promise.reject(new StateIdentityLost(this.lost));
          return value.apply(target, args);
        };
      },
    });
  }
}
