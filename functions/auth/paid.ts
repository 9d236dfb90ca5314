/**
 * X-Paid-Access: after the payment edge has verified a per-request payment it adds this header, an HS256 JWT signed
 * with PAID_ACCESS_KEY carrying `exp` and optionally `path` (the one request path it pays for). A header that is
 * forged, expired, for another path, or arrives while paid access is disabled counts as absent, never as an error.
 */
import { jwtVerify, SignJWT } from "jose";

export const PAID_ACCESS_HEADER = "X-Paid-Access";
const ALGORITHM = "HS256";

const encodeKey = (key: string) => new TextEncoder().encode(key);

export async function verifyPaidAccess(
  token: string | null | undefined,
  path: string,
  paidAccessKey: string | null,
  now: Date = new Date(),
): Promise<boolean> {
  if (!token || paidAccessKey === null) return false;
  try {
    const { payload } = await jwtVerify(token.trim(), encodeKey(paidAccessKey), {
      algorithms: [ALGORITHM],
      requiredClaims: ["exp"],
      currentDate: now,
    });
    return payload.path === undefined || payload.path === path;
  } catch {
    return false;
  }
}

export interface PaidAccessOptions {
  /** Binds the token to this request path (no query string). */
  path?: string;
  ttlSeconds: number;
  now?: Date;
}

/** What the edge does after a payment; here for the CLI and tests. */
export function mintPaidAccess(paidAccessKey: string, options: PaidAccessOptions): Promise<string> {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const claims = options.path === undefined ? {} : { path: options.path };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + options.ttlSeconds)
    .sign(encodeKey(paidAccessKey));
}
