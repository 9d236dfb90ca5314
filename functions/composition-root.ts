/**
 * Composition: the server's seams (access, activity, login, researchers) built over one state store, and the
 * whole service started from a ServerConfig (store opened, abandoned charges refunded, services built, server
 * listening). scripts/serve.ts and the HTTP tests start it the same way.
 */

import { createResearcherDirectory } from "../accounts/adapters/researcher-directory.ts";
import { createStoreActivity } from "../accounts/adapters/venue-activity.ts";
import { createAccountAccess } from "../accounts/auth/access.ts";
import { forgetJwtKey } from "../accounts/auth/jwt.ts";
import { createLogin } from "../accounts/auth/login.ts";
import { mailGoesToLog } from "../accounts/mail/config.ts";
import { StoreOutbox } from "../accounts/mail/outbox.ts";
import { type MailEvents, MailSender } from "../accounts/mail/sender.ts";
import { transportOf } from "../accounts/mail/transport.ts";
import type { Outbox } from "../accounts/mail/types.ts";
import {
  openStore,
  quotaLeaseOf,
  reservationLeaseOf,
  stateDirOf,
  watchStateIdentity,
} from "../accounts/store/index.ts";
import { KeyUses } from "../accounts/store/key-uses.ts";
import { reportingUnavailable } from "../accounts/store/observed.ts";
import { QuotaLeases } from "../accounts/store/quota-leases.ts";
import { ReservationKeeper } from "../accounts/store/reservations.ts";
import { storageWatch } from "../accounts/store/storage-watch.ts";
import type { MailEnqueued, Store } from "../accounts/store/types.ts";
import { ViewBatches } from "../accounts/store/view-batches.ts";
import { WatchlistSweep } from "../accounts/store/watchlist-sweep.ts";
import type { AccessControl } from "../read/caller.ts";
import type { VenueActivity } from "../read/query/activity.ts";
import type { SnapshotSource } from "../read/query/snapshot-source.ts";
import { snapshotVenueFacts, type VenueFactLookup } from "../read/query/venue-facts.ts";
import type { LoginService, ResearcherDirectory } from "../read/services.ts";
import { type Clock, systemClock } from "../runtime/clock.ts";
import { createLogger, type Logger } from "../runtime/logger.ts";
import { createMetrics, type Metrics } from "../runtime/metrics.ts";
import { type RunningServer, type ServerOverrides, startServer } from "./app.ts";
import type { AccountPages } from "./pages/account/account-pages.ts";
import { createAccountPages } from "./pages/account/account-services.ts";
import type { WatchlistStore } from "./pages/watchlists.ts";
import type { ServerConfig } from "./server-config.ts";

export interface Services {
  access: AccessControl;
  activity: VenueActivity;
  login: LoginService;
  researchers: ResearcherDirectory;
  watchlistStore: WatchlistStore;
  /** The one way handlers send mail: queued in the store, sent by the sender every serving instance runs. */
  outbox: Outbox;
  /** Sign-up, confirmation, log-in and log-out, forgotten password (pages/account/). */
  accountPages: AccountPages;
  /** E-mail digest subscriptions (pages/subscriptions/). */
  subscriptionStore: Store;
}

export interface ServicesOptions {
  clock?: Clock;
  /** Settles the paid claims of answered requests; startService passes the one it runs. */
  reservations: Pick<ReservationKeeper, "settle">;
  /** Counts quota against leased blocks; startService passes the one it runs. */
  leases: QuotaLeases;
  /** Counts API key uses and writes them in batches; startService passes the one it runs. */
  keyUses: KeyUses;
  /** Writes venue views in batches; startService passes the one it runs. */
  views: ViewBatches;
  /** Told what became of each message the outbox stores (startService wakes its mail sender); default nothing. */
  mailQueued?: (result: MailEnqueued) => void;
  /** How long ranking lists reuse a count map (default DEFAULT_COUNTS_CACHE_MS). */
  countsCacheMs?: number;
}

export interface WiredServices extends Services {
  /** Stops what the services run beside the server (the password hashing threads). */
  close(): Promise<void>;
  /**
   * Hands the researcher directory the snapshot the server follows, for research-interest summaries. The server
   * opens that snapshot itself (startServer), so this comes after it; until then summaries are left out.
   */
  attachSnapshot(source: SnapshotSource): void;
}

export function createServices(config: ServerConfig, store: Store, options: ServicesOptions): WiredServices {
  const clock = options.clock ?? systemClock;
  let facts: VenueFactLookup | null = null;
  const login = createLogin(store, config, config.login, clock);
  const outbox = new StoreOutbox(store, config.mail, options.mailQueued);
  const access = createAccountAccess(
    store,
    config,
    options.reservations,
    options.leases,
    options.keyUses,
    clock,
  );
  return {
    access,
    activity: createStoreActivity(store, options.views, { countsCacheMs: options.countsCacheMs }),
    login,
    researchers: createResearcherDirectory(store, (ids) => (facts ? facts(ids) : Promise.resolve([]))),
    watchlistStore: store,
    subscriptionStore: store,
    outbox,
    accountPages: createAccountPages(
      { ...config, mailToLog: mailGoesToLog(config.mail) },
      store,
      login,
      outbox,
      clock,
      { access, venueFacts: () => facts },
    ),
    attachSnapshot(source) {
      facts = snapshotVenueFacts(source);
    },
    close: () => login.close(),
  };
}

/** The mail sender's reports as /metrics counters. */
function mailMetrics(metrics: Metrics): MailEvents {
  return {
    sent: () => metrics.mailSent.inc(),
    failed: (outcome) => metrics.mailFailed.inc({ outcome }),
    suppressed: (count) => metrics.mailSuppressed.inc(count),
  };
}

export interface ServiceOptions
  extends Omit<ServicesOptions, "reservations" | "leases" | "keyUses" | "views" | "mailQueued"> {
  logger?: Logger;
  /** Longest venue views wait in memory before they are written (default SETTLE_BATCH_MS). */
  viewBatchMs?: number;
  /** How often expired watchlists are removed (default WATCHLIST_SWEEP_MS). */
  watchlistSweepMs?: number;
  /** The MCP endpoint (POST /mcp), passed to startServer as it takes it. */
  mcp?: ServerOverrides["mcp"];
}

export interface RunningService {
  server: RunningServer;
  store: Store;
  /** The outbox the handlers send through (scripts and tests queue mail with it too). */
  outbox: Outbox;
  /** Stops listening, gives back unused quota and writes the pending settles, key uses and views, then closes the store. */
  close(): Promise<void>;
}

/**
 * What a lost and regained store identity does beyond refusing calls: one error line and the gauge at 0 when lost,
 * one line and the gauge at 1 when back; cached secrets are dropped then, as the state may be another one.
 */
function identityReports(logger: Logger, metrics: Metrics, forgetSecrets: () => void) {
  metrics.stateIdentityOk.set(1);
  return {
    onLost(reason: string) {
      metrics.stateIdentityOk.set(0);
      logger.error(
        { reason },
        "state store identity lost: metered calls refused 503 until it is restored or accepted",
      );
    },
    onRestored(stateId: string, how: "restored" | "accepted") {
      forgetSecrets();
      metrics.stateIdentityOk.set(1);
      logger.warn({ state_id: stateId, how }, "state store identity back: serving again");
    },
  };
}

/** Opens the state store named by the config (STATE_DIR or REDIS_URL), wires the services and starts listening. */
export async function startService(
  config: ServerConfig,
  options: ServiceOptions = {},
): Promise<RunningService> {
  const clock = options.clock;
  // The store counts views and quota windows on the same clock as the rest of the service.
  const metrics = createMetrics(clock);
  const opened = await openStore(config.store, clock ? { now: () => clock().getTime() } : {});
  const logger = options.logger ?? createLogger(config.logLevel);
  const identity = watchStateIdentity(opened, config.store, {
    intervalMs: config.stateCheckMs,
    ...identityReports(logger, metrics, () => forgetJwtKey(store)),
  });
  const store = reportingUnavailable(identity.guard(opened), () => metrics.storeErrors.inc());
  const reservations = new ReservationKeeper(store, logger, reservationLeaseOf(config.store));
  const leases = new QuotaLeases(store, logger, quotaLeaseOf(config.store));
  const keyUses = new KeyUses(store, logger);
  const views = new ViewBatches(store, logger, options.viewBatchMs);
  const watchlistSweep = new WatchlistSweep(store, logger, options.watchlistSweepMs);
  const storage = storageWatch(stateDirOf(config.store), store, config.stateMinFree);
  metrics.storage(storage);
  // Every serving instance sends: the queue's claims keep each message to one of them.
  const mail = new MailSender(
    store,
    transportOf(config.mail, logger),
    config.mail,
    logger,
    mailMetrics(metrics),
  );
  metrics.mailQueue(() => store.mailQueueDepth());
  // These write to the store on their own (leases settle units directly, not through the keeper), so they
  // close together; the store closes after them.
  const close = async () => {
    identity.close();
    await Promise.all([
      leases.close(),
      keyUses.close(),
      reservations.close(),
      views.close(),
      watchlistSweep.close(),
      mail.close(),
    ]);
    await store.close();
  };
  try {
    await reservations.start();
    watchlistSweep.start();
    mail.start();
    const {
      attachSnapshot,
      close: stopServices,
      ...services
    } = createServices(config, store, {
      ...options,
      reservations,
      leases,
      keyUses,
      views,
      mailQueued: (result) => {
        if (result === "queued") mail.wake();
        if (result === "suppressed") metrics.mailSuppressed.inc();
      },
    });
    const server = await startServer(config, {
      ...services,
      mcp: options.mcp,
      clock,
      logger,
      metrics,
      sharedRateLimit: store.takeToken?.bind(store),
      storage,
      stateProblem: () => identity.problem,
    }).catch(async (err: unknown) => {
      await stopServices();
      throw err;
    });
    attachSnapshot(server.source);
    return {
      server,
      store,
      outbox: services.outbox,
      close: async () => {
        await server.close();
        await stopServices();
        await close();
      },
    };
  } catch (err) {
    await close();
    throw err;
  }
}
