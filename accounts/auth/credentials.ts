/**
 * Works out who is calling. A valid X-Paid-Access header wins; otherwise an Authorization header must hold a
 * working API key or login token, and anything wrong with it makes the caller "invalid" (answered with 401), never
 * anonymous. Keys and accounts are looked up on every request (a key with its account in one store call, which the
 * SQLite store answers from memory until a write changes it), so a revocation or an account no longer verified takes
 * effect at once.
 */
import type { Caller, InvalidReason } from "../../read/caller.ts";
import type { HeaderReader } from "../../runtime/client-ip.ts";
import type { Store } from "../store/types.ts";
import { hashApiKey, isApiKeyShaped } from "./api-keys.ts";
import type { AuthConfig } from "./config.ts";
import { issuedBeforeReset } from "./credential-age.ts";
import { jwtKey, verifyIssuedJwt } from "./jwt.ts";
import { PAID_ACCESS_HEADER, verifyPaidToken } from "./paid.ts";

export interface RequestInfo {
  headers: HeaderReader;
  /** Path of the request without the query string, e.g. "/api/conferences/12". */
  path: string;
  /** The client address as the edge resolved it (runtime/client-ip.ts). */
  ip: string;
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;

type CredentialConfig = Pick<AuthConfig, "jwtSecret" | "paidAccessKey">;

type Resolved = { accountId: string; keyId: string | null; dailyQuota?: number } | { reason: InvalidReason };

/** The granted quota, when there is one (so a caller without one has no such field). */
const quotaOf = (dailyQuota: number | undefined) => (dailyQuota === undefined ? {} : { dailyQuota });

async function resolveBearer(
  credential: string,
  store: Store,
  config: CredentialConfig,
  now: Date,
): Promise<Resolved> {
  if (isApiKeyShaped(credential)) {
    const key = await store.findKeyCaller(hashApiKey(credential));
    if (!key) return { reason: "unknown_key" };
    if (key.revokedAt !== null) return { reason: "revoked_key" };
    if (!key.accountVerified) return { reason: "unknown_account" };
    return { accountId: key.accountId, keyId: key.keyId, ...quotaOf(key.dailyQuota) };
  }
  if (!JWT_SHAPE.test(credential)) return { reason: "malformed" };
  const checked = await verifyIssuedJwt(credential, await jwtKey(store, config), now);
  if ("error" in checked) return { reason: checked.error === "expired" ? "expired_token" : "invalid_token" };
  const account = await store.getAccount(checked.accountId);
  if (!account?.verified) return { reason: "unknown_account" };
  if (issuedBeforeReset(checked.issuedAtMs, account)) return { reason: "superseded_token" };
  return { accountId: checked.accountId, keyId: null, ...quotaOf(account.dailyQuota) };
}

export async function resolveCaller(
  request: RequestInfo,
  store: Store,
  config: CredentialConfig,
  now: Date = new Date(),
): Promise<Caller> {
  const { ip } = request;
  const paid = await verifyPaidToken(
    request.headers.get(PAID_ACCESS_HEADER),
    request.path,
    config.paidAccessKey,
    now,
  );
  // Single use: the first request with this token id claims it (atomically, across processes); a replay is unpaid.
  // The claim is a reservation, kept only when the paid answer goes out (edge/caller-quota.ts).
  if (paid) {
    const claim = await store.reserve(`paid:${paid.jti}`, 1, paid.ttlSeconds);
    if (claim.allowed)
      return { kind: "paid", ip, ...(claim.reservation ? { claim: claim.reservation } : {}) };
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
  return { kind: "account", ...resolved, ip };
}
