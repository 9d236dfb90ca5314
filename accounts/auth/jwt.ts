/**
 * Login tokens: HS256 JWTs (the algorithm is pinned, so "none" or any other algorithm is refused), with issuer and
 * audience checked and a lifetime of about six months. The key is JWT_SECRET, or a random secret generated on first
 * use and kept in the state store so every process sharing the store agrees on it (SQLite backups leave it out, so
 * a restore makes a new one and old login tokens stop working).
 */
import { randomBytes } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";
import { LOGIN_TOKEN_KEY_SETTING, type Store } from "../store/types.ts";
import type { AuthConfig } from "./config.ts";

/** 180 days. */
export const JWT_LIFETIME_SECONDS = 15_552_000;
export const JWT_ISSUER = "venue-directory";
export const JWT_AUDIENCE = "venue-directory-api";
const ALGORITHM = "HS256";

const keys = new WeakMap<Store, Promise<Uint8Array>>();

export function jwtKey(store: Store, config: Pick<AuthConfig, "jwtSecret">): Promise<Uint8Array> {
  if (config.jwtSecret !== null) return Promise.resolve(new TextEncoder().encode(config.jwtSecret));
  let key = keys.get(store);
  if (!key) {
    key = store
      .getOrInitSetting(LOGIN_TOKEN_KEY_SETTING, randomBytes(32).toString("base64url"))
      .then((secret) => new TextEncoder().encode(secret))
      .catch((err: unknown) => {
        // A store that could not answer is asked again next time, not remembered as failing.
        keys.delete(store);
        throw err;
      });
    keys.set(store, key);
  }
  return key;
}

/** Drops `store`'s cached key, so the next use reads it from the store again (a restored or accepted state). */
export function forgetJwtKey(store: Store): void {
  keys.delete(store);
}

/**
 * `iat` carries milliseconds (a fractional NumericDate, RFC 7519 §2), so a token issued right after a password reset
 * is told apart from one issued in the same second before it (Account.credentialsValidAfter).
 */
export function signAccountJwt(accountId: string, key: Uint8Array, now: Date = new Date()): Promise<string> {
  const issuedAt = now.getTime() / 1000;
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(accountId)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + JWT_LIFETIME_SECONDS)
    .sign(key);
}

export type JwtCheck = { accountId: string } | { error: "expired" | "invalid" };

/** A valid token's account and when it was issued (ms since the epoch), or why it is refused. */
export type IssuedJwtCheck = { accountId: string; issuedAtMs: number } | { error: "expired" | "invalid" };

export async function verifyAccountJwt(
  token: string,
  key: Uint8Array,
  now: Date = new Date(),
): Promise<JwtCheck> {
  const checked = await verifyIssuedJwt(token, key, now);
  return "error" in checked ? checked : { accountId: checked.accountId };
}

/** verifyAccountJwt with the token's issue time, which a password reset dates (credentials.ts). */
export async function verifyIssuedJwt(
  token: string,
  key: Uint8Array,
  now: Date = new Date(),
): Promise<IssuedJwtCheck> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      requiredClaims: ["sub", "exp", "iat"],
      currentDate: now,
    });
    if (!payload.sub || payload.iat === undefined) return { error: "invalid" };
    return { accountId: payload.sub, issuedAtMs: payload.iat * 1000 };
  } catch (error) {
    return { error: error instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}
