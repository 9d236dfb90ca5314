/**
 * The edge's AccessControl over the state store: callers from API keys, login tokens and X-Paid-Access
 * (credentials.ts), daily quotas per account or per client address (quota.ts) counted against blocks this instance
 * leased (store/quota-leases.ts). Credentials are read from the store on every request (the SQLite store answers
 * from memory until something changes them, store/sqlite-read-cache.ts), so a key created or revoked with the
 * accounts CLI counts from the next request.
 */
import type { AccessControl } from "../../read/caller.ts";
import { type Clock, systemClock } from "../../runtime/clock.ts";
import type { KeyUses } from "../store/key-uses.ts";
import type { QuotaLeases } from "../store/quota-leases.ts";
import type { ReservationKeeper } from "../store/reservations.ts";
import type { Store } from "../store/types.ts";
import type { AuthConfig } from "./config.ts";
import { resolveCaller } from "./credentials.ts";
import { consumeQuota, peekQuota } from "./quota.ts";

/**
 * `leases` counts quota and takes back its units; a paid token's claim is a store reservation, settled through
 * `reservations` (batched) and released at once; `keyUses` counts each API key's answered requests (batched).
 */
export function createAccountAccess(
  store: Store,
  config: AuthConfig,
  reservations: Pick<ReservationKeeper, "settle">,
  leases: Pick<QuotaLeases, "reserve" | "peek" | "owns" | "settle" | "release">,
  keyUses: Pick<KeyUses, "record">,
  clock: Clock = systemClock,
): AccessControl {
  return {
    resolve: (req, ip) =>
      resolveCaller({ headers: req.headers, path: new URL(req.url).pathname, ip }, store, config, clock()),
    consume: (caller) => consumeQuota(caller, leases, config, clock()),
    refund: async (_caller, reservation) => {
      if (!reservation) return;
      if (leases.owns(reservation)) leases.release(reservation);
      else await store.release(reservation);
    },
    settle: (reservation, caller) => {
      if (leases.owns(reservation)) leases.settle(reservation);
      else reservations.settle(reservation);
      if (caller.kind === "account" && caller.keyId !== null) keyUses.record(caller.keyId, clock());
    },
    peek: async (caller) => ({
      ...(await peekQuota(caller, leases, config, clock())),
      exceeded: null,
    }),
  };
}
