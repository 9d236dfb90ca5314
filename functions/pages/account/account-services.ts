/**
 * The account pages built over one state store: sessions, the self-service steps (sign-up, links, reset) sharing the
 * login's limits and hashing pool, the form guard, and the pages. The composition root calls this once.
 */
import type { Login } from "../../../accounts/auth/login.ts";
import { createSelfService, type SelfServiceSettings } from "../../../accounts/auth/self-service.ts";
import { createSessions } from "../../../accounts/auth/sessions.ts";
import type { Outbox } from "../../../accounts/mail/types.ts";
import type { Store } from "../../../accounts/store/types.ts";
import type { Clock } from "../../../runtime/clock.ts";
import { allowedHostNames } from "../../edge/host-guard.ts";
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
): AccountPages {
  const sessions = createSessions(store, config.accounts.sessionDays, clock);
  return accountPages({
    selfService: createSelfService({
      store,
      outbox,
      hasher: login.hasher,
      sessions,
      publicBaseUrl: config.publicBaseUrl,
      settings: config.accounts,
      clock,
    }),
    login,
    sessions,
    guard: formGuard(store, {
      secure: config.publicBaseUrl.startsWith("https:"),
      allowedHosts: allowedHostNames(config.publicBaseUrl, config.allowedHosts),
    }),
    siteDir: config.siteDir,
    mailToLog: config.mailToLog,
  });
}
