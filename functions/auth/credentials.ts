/**
 * Works out who is calling. A valid X-Paid-Access header wins; otherwise an Authorization header must hold a
 * working API key or login token, and anything wrong with it makes the caller "invalid" (answered with 401), never
 * anonymous. Keys and accounts are looked up on every request, so a revocation takes effect at once.
 */
import type { Store } from "../store/types.ts";
import { hashApiKey, isApiKeyShaped } from "./api-keys.ts";
import { clientIp, type HeaderReader } from "./client-ip.ts";
import type { AuthConfig } from "./config.ts";
import { jwtKey, verifyAccountJwt } from "./jwt.ts";
import { PAID_ACCESS_HEADER, verifyPaidAccess } from "./paid.ts";

export type { HeaderReader } from "./client-ip.ts";

export type InvalidReason =
  | "unsupported_scheme"
  | "malformed"
  | "unknown_key"
  | "revoked_key"
  | "expired_token"
  | "invalid_token"
  | "unknown_account";

export type Caller =
  | { kind: "anonymous"; ip: string }
  | { kind: "account"; accountId: string; keyId: string | null; ip: string }
  | { kind: "paid"; ip: string }
  | { kind: "invalid"; reason: InvalidReason; ip: string };

export interface RequestInfo {
  headers: HeaderReader;
  /** Path of the request without the query string, e.g. "/api/conferences/12". */
  path: string;
  /** Peer address of the TCP connection. */
  socketAddress?: string;
}

export const INVALID_REASON_MESSAGES: Record<InvalidReason, string> = {
  unsupported_scheme: "the Authorization header must use the Bearer scheme",
  malformed: "the credential is neither an API key nor a login token",
  unknown_key: "unknown API key",
  revoked_key: "this API key has been revoked",
  expired_token: "the login token has expired; log in again",
  invalid_token: "the login token is invalid",
  unknown_account: "the account of this credential does not exist or is not verified",
};

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;

type Resolved = { accountId: string; keyId: string | null } | { reason: InvalidReason };

async function resolveBearer(
  credential: string,
  store: Store,
  config: AuthConfig,
  now: Date,
): Promise<Resolved> {
  if (isApiKeyShaped(credential)) {
    const key = await store.findApiKeyByHash(hashApiKey(credential));
    if (!key) return { reason: "unknown_key" };
    if (key.revokedAt !== null) return { reason: "revoked_key" };
    return { accountId: key.accountId, keyId: key.id };
  }
  if (!JWT_SHAPE.test(credential)) return { reason: "malformed" };
  const checked = await verifyAccountJwt(credential, await jwtKey(store, config), now);
  if ("error" in checked) return { reason: checked.error === "expired" ? "expired_token" : "invalid_token" };
  return { accountId: checked.accountId, keyId: null };
}

export async function resolveCaller(
  request: RequestInfo,
  store: Store,
  config: AuthConfig,
  now: Date = new Date(),
): Promise<Caller> {
  const ip = clientIp(request.headers, request.socketAddress, config.trustProxyHops);
  if (
    await verifyPaidAccess(request.headers.get(PAID_ACCESS_HEADER), request.path, config.paidAccessKey, now)
  ) {
    return { kind: "paid", ip };
  }
  const authorization = request.headers.get("authorization");
  if (authorization === null || authorization === undefined) return { kind: "anonymous", ip };

  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization.trim());
  if (!match?.[1]) {
    const reason = /^Bearer\b/i.test(authorization.trim()) ? "malformed" : "unsupported_scheme";
    return { kind: "invalid", reason, ip };
  }
  const resolved = await resolveBearer(match[1], store, config, now);
  if ("reason" in resolved) return { kind: "invalid", reason: resolved.reason, ip };
  const account = await store.getAccount(resolved.accountId);
  if (!account?.verified) return { kind: "invalid", reason: "unknown_account", ip };
  return { kind: "account", ...resolved, ip };
}
