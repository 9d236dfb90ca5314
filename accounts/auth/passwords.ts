/**
 * Password hashing with scrypt (memory-hard: about 32 MiB and tens of milliseconds per hash), a random salt per
 * account, and constant-time comparison. The parameters travel inside the stored hash so they can be raised later
 * without invalidating existing accounts.
 *
 * Hashing runs on a fixed-size pool of worker threads with a bounded queue (piscina), not on libuv's shared
 * thread pool: a flood of logins then waits for its own threads (or is refused with PasswordHashingBusy when the
 * queue is full) instead of holding up the file reads that pages and snapshot files need. A hash asked `first` (a
 * login from an address the account knows) goes ahead of the queue and has FIRST_QUEUE further places of its own.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { Piscina, queueOptionsSymbol } from "piscina";
import { GOES_FIRST, KnownFirstQueue } from "./hashing-queue.ts";
import type { ScryptTask } from "./password-worker.ts";

export const MIN_PASSWORD_LENGTH = 10;
/** Keeps a single login request from hashing megabytes. */
export const MAX_PASSWORD_LENGTH = 1024;

const KEY_LENGTH = 32;
const CURRENT = { N: 2 ** 15, r: 8, p: 1 };
const WORKER = new URL("./password-worker.ts", import.meta.url).href;

export interface PasswordHash {
  /** "scrypt$N$r$p$<base64 key>" */
  hash: string;
  /** base64, 16 random bytes. */
  salt: string;
}

export interface HashingPoolSize {
  /** Threads that hash (PASSWORD_HASH_THREADS). */
  threads: number;
  /** Hashes that may wait for a thread (PASSWORD_HASH_QUEUE); past it a hash is refused at once. */
  queue: number;
}

export const DEFAULT_HASHING_POOL: HashingPoolSize = { threads: 1, queue: 8 };
/** Places beyond the queue kept for hashes asked `first`, so a full queue of others never refuses them. */
export const FIRST_QUEUE = 8;

/** Every hashing thread is busy and the queue is full: the caller should come back later (429). */
export class PasswordHashingBusy extends Error {
  constructor() {
    super("password hashing is busy");
    this.name = "PasswordHashingBusy";
  }
}

export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  return null;
}

/** Stand-ins for an unknown account, so a wrong e-mail costs the same scrypt run as a wrong password. */
const DUMMY_SALT = randomBytes(16).toString("base64");
const DUMMY_KEY = randomBytes(KEY_LENGTH);

export class PasswordHasher {
  private readonly pool: Piscina<ScryptTask, Uint8Array>;
  private readonly queue: number;

  constructor(size: HashingPoolSize = DEFAULT_HASHING_POOL) {
    this.queue = size.queue;
    // Idle threads are unref'd by piscina, so a CLI that hashed once still exits.
    this.pool = new Piscina({
      filename: WORKER,
      minThreads: size.threads,
      maxThreads: size.threads,
      maxQueue: size.queue + FIRST_QUEUE,
      taskQueue: new KnownFirstQueue(),
    });
  }

  private async derive(
    password: string,
    salt: string,
    params: { N: number; r: number; p: number },
    first = false,
  ) {
    // Checked before run(): piscina's own refusal past maxQueue is an untyped Error.
    const room = first ? this.queue + FIRST_QUEUE : this.queue;
    if (this.pool.queueSize >= room) throw new PasswordHashingBusy();
    const task = {
      password,
      salt,
      keyLength: KEY_LENGTH,
      ...params,
      [queueOptionsSymbol]: first ? GOES_FIRST : null,
    };
    const key = await this.pool.run(task);
    return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
  }

  async hash(password: string): Promise<PasswordHash> {
    const salt = randomBytes(16).toString("base64");
    const key = await this.derive(password, salt, CURRENT);
    return { hash: `scrypt$${CURRENT.N}$${CURRENT.r}$${CURRENT.p}$${key.toString("base64")}`, salt };
  }

  /**
   * True when `password` matches. With `stored` null (no such account) it does the same work and returns false.
   * `first` puts the hash ahead of the queue (a login from an address the account knows).
   */
  async verify(password: string, stored: PasswordHash | null, first = false): Promise<boolean> {
    if (stored === null) {
      timingSafeEqual(await this.derive(password, DUMMY_SALT, CURRENT, first), DUMMY_KEY);
      return false;
    }
    const match = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)$/.exec(stored.hash);
    if (!match) return false;
    const [, N, r, p, encoded] = match;
    const expected = Buffer.from(encoded ?? "", "base64");
    const actual = await this.derive(
      password,
      stored.salt,
      { N: Number(N), r: Number(r), p: Number(p) },
      first,
    );
    return expected.length === actual.length && timingSafeEqual(actual, expected);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** The pool of administrative hashing (accounts CLI, demo seed), started on first use. */
let shared: PasswordHasher | null = null;
const sharedHasher = (): PasswordHasher => {
  shared ??= new PasswordHasher();
  return shared;
};

export const hashPassword = (password: string): Promise<PasswordHash> => sharedHasher().hash(password);

export const verifyPassword = (password: string, stored: PasswordHash | null): Promise<boolean> =>
  sharedHasher().verify(password, stored);
