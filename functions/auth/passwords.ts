/**
 * Password hashing with scrypt (memory-hard: about 32 MiB and tens of milliseconds per hash), a random salt per
 * account, and constant-time comparison. The parameters travel inside the stored hash so they can be raised later
 * without invalidating existing accounts.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

export const MIN_PASSWORD_LENGTH = 10;
/** Keeps a single login request from hashing megabytes. */
export const MAX_PASSWORD_LENGTH = 1024;

const KEY_LENGTH = 32;
const CURRENT = { N: 2 ** 15, r: 8, p: 1 };

export interface PasswordHash {
  /** "scrypt$N$r$p$<base64 key>" */
  hash: string;
  /** base64, 16 random bytes. */
  salt: string;
}

export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  return null;
}

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; allow twice that so the default 32 MiB cap does not refuse it.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolveKey, reject) => {
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolveKey(key),
    );
  });
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, CURRENT);
  return {
    hash: `scrypt$${CURRENT.N}$${CURRENT.r}$${CURRENT.p}$${key.toString("base64")}`,
    salt: salt.toString("base64"),
  };
}

/** Stand-ins for an unknown account, so a wrong e-mail costs the same scrypt run as a wrong password. */
const DUMMY_SALT = randomBytes(16);
const DUMMY_KEY = randomBytes(KEY_LENGTH);

/** True when `password` matches. With `stored` null (no such account) it does the same work and returns false. */
export async function verifyPassword(password: string, stored: PasswordHash | null): Promise<boolean> {
  if (stored === null) {
    timingSafeEqual(await derive(password, DUMMY_SALT, CURRENT), DUMMY_KEY);
    return false;
  }
  const match = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)$/.exec(stored.hash);
  if (!match) return false;
  const [, N, r, p, encoded] = match;
  const expected = Buffer.from(encoded ?? "", "base64");
  const actual = await derive(password, Buffer.from(stored.salt, "base64"), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}
