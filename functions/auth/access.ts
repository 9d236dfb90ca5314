/**
 * The edge's AccessControl over the state store: callers from API keys, login tokens and X-Paid-Access
 * (credentials.ts), daily quotas per account or per client address (quota.ts). Nothing is cached, so a key
 * created or revoked with the accounts CLI counts from the very next request.
 */
import type { AccessControl } from "../http/caller.ts";
import { type Clock, systemClock } from "../runtime/clock.ts";
import type { ReservationKeeper } from "../store/reservations.ts";
import type { Store } from "../store/types.ts";
import type { AuthConfig } from "./config.ts";
import { resolveCaller } from "./credentials.ts";
import { consumeQuota, peekQuota } from "./quota.ts";

/** `reservations` settles the charges of answered requests (batched); refunds release them at once. */
export function createAccountAccess(
  store: Store,
  config: AuthConfig,
  reservations: Pick<ReservationKeeper, "settle">,
  clock: Clock = systemClock,
): AccessControl {
  return {
    resolve: (req, ip) =>
      resolveCaller({ headers: req.headers, path: new URL(req.url).pathname, ip }, store, config, clock()),
    consume: (caller) => consumeQuota(caller, store, config, clock()),
    refund: async (_caller, reservation) => {
      if (reservation) await store.release(reservation);
    },
    settle: (reservation) => reservations.settle(reservation),
    peek: async (caller) => ({ ...(await peekQuota(caller, store, config, clock())), exceeded: null }),
  };
}
