/**
 * X-Paid-Access: after the payment edge has verified a per-request payment it adds this header, an HS256 JWT signed
 * with PAID_ACCESS_KEY carrying `exp`, `path` (the one request path it pays for) and `jti` (its id). It pays for
 * one request: the id is remembered in the state store until the token expires (credentials.ts), so a replay is
 * not paid, and it is spent only when its paid answer is sent (a 401, 403 or 301 leaves it unspent). A header that
 * is forged, expired, without a path or id, for another path, already used, or arrives while paid access is
 * disabled counts as absent, never as an error.
 */
import { jwtVerify, SignJWT } from "jose";

export const PAID_ACCESS_HEADER = "X-Paid-Access";
const ALGORITHM = "HS256";

const encodeKey = (key: string) => new TextEncoder().encode(key);

/** A verified token for this path: its id and how long it stays valid (so its use is remembered that long). */
export interface PaidToken {
  jti: string;
  ttlSeconds: number;
}

export async function verifyPaidToken(
  token: string | null | undefined,
  path: string,
  paidAccessKey: string | null,
  now: Date = new Date(),
): Promise<PaidToken | null> {
  if (!token || paidAccessKey === null) return null;
  try {
    const { payload } = await jwtVerify(token.trim(), encodeKey(paidAccessKey), {
      algorithms: [ALGORITHM],
      requiredClaims: ["exp", "path", "jti"],
      currentDate: now,
    });
    // An empty id would make every such token one and the same single use.
    if (payload.path !== path || typeof payload.jti !== "string" || payload.jti.trim() === "") return null;
    if (payload.exp === undefined) return null;
    return { jti: payload.jti, ttlSeconds: Math.max(1, payload.exp - Math.floor(now.getTime() / 1000) + 1) };
  } catch {
    return null;
  }
}

/** Signature, expiry and path only (the single use is the store's part). */
export async function verifyPaidAccess(
  token: string | null | undefined,
  path: string,
  paidAccessKey: string | null,
  now: Date = new Date(),
): Promise<boolean> {
  return (await verifyPaidToken(token, path, paidAccessKey, now)) !== null;
}

export interface PaidAccessOptions {
  /** Binds the token to this request path (no query string). */
  path: string;
  ttlSeconds: number;
  now?: Date;
}

/** What the edge does after a payment; here for the CLI and tests. */
export function mintPaidAccess(paidAccessKey: string, options: PaidAccessOptions): Promise<string> {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return new SignJWT({ path: options.path })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setJti(crypto.randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + options.ttlSeconds)
    .sign(encodeKey(paidAccessKey));
}
