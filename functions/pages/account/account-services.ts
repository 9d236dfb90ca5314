/**
 * The account pages built over one state store: sessions, the self-service steps (sign-up, links, reset) sharing the
 * login's limits and hashing pool, the form guard, and the pages. The composition root calls this once.
 */
import type { Login } from "../../../accounts/auth/login.ts";
import { createSelfService, type SelfServiceSettings } from "../../../accounts/auth/self-service.ts";
import { createSessions } from "../../../accounts/auth/sessions.ts";
import type { Outbox } from "../../../accounts/mail/types.ts";
import type { Store } from "../../../accounts/store/types.ts";
import type { AccessControl } from "../../../read/caller.ts";
import type { VenueFactLookup } from "../../../read/query/venue-facts.ts";
import type { Clock } from "../../../runtime/clock.ts";
import { allowedHostNames } from "../../edge/host-guard.ts";
import { accountHome } from "./account-home.ts";
import { accountMailLanguage } from "./account-mails.ts";
import { type AccountPages, accountPages } from "./account-pages.ts";
import { formGuard } from "./form-guard.ts";

export interface AccountPagesConfig {
  publicBaseUrl: string;
  allowedHosts: readonly string[];
  siteDir: string;
  accounts: SelfServiceSettings & { sessionDays: number };
  /** Mail goes to the server log (SMTP_URL unset). */
  mailToLog: boolean;
}

export function createAccountPages(
  config: AccountPagesConfig,
  store: Store,
  login: Pick<Login, "authenticate" | "hasher">,
  outbox: Outbox,
  clock: Clock,
  /** The account page's quota figure (the edge's peek) and its venue check (the served snapshot, once attached). */
  page: { access: Pick<AccessControl, "peek">; venueFacts(): VenueFactLookup | null },
): AccountPages {
  const sessions = createSessions(store, config.accounts.sessionDays, clock);
  const guard = formGuard(store, {
    secure: config.publicBaseUrl.startsWith("https:"),
    allowedHosts: allowedHostNames(config.publicBaseUrl, config.allowedHosts),
  });
  const home = accountHome({
    store,
    quota: (caller) => page.access.peek(caller),
    venueFacts: page.venueFacts,
    publicBaseUrl: config.publicBaseUrl,
    clock,
    clearedSessionCookie: () => guard.clearedSessionCookie(),
  });
  return accountPages(
    {
      selfService: createSelfService({
        store,
        outbox,
        hasher: login.hasher,
        sessions,
        publicBaseUrl: config.publicBaseUrl,
        settings: config.accounts,
        clock,
        mailLanguage: accountMailLanguage,
      }),
      login,
      sessions,
      guard,
      siteDir: config.siteDir,
      mailToLog: config.mailToLog,
    },
    home,
  );
}
