/**
 * The account page as a logged-in reader sees it: the data it shows (keys, quota, profile, watchlist links, the
 * digests of the account's address) read and rendered, and the same page refused with a form refilled.
 */
import type { Account, Store } from "../../../accounts/store/types.ts";
import type { Caller, QuotaResult } from "../../../read/caller.ts";
import type { VenueFactLookup } from "../../../read/query/venue-facts.ts";
import { localePath } from "../../../render/i18n.ts";
import type { Clock } from "../../../runtime/clock.ts";
import { callerWatched } from "../account-watchlist.ts";
import { filterSummary } from "../deadlines-page.ts";
import { storedFilter } from "../subscriptions/digest-items.ts";
import type { linkSigner } from "../subscriptions/links.ts";
import { watchlistLinks } from "../watchlists.ts";
import { type DigestRow, type HomeView, homeHtml, type Refill } from "./account-home-html.ts";
import type { AccountPage } from "./account-html.ts";
import { at, type PageSession, t } from "./page-context.ts";

export interface AccountHomeDeps {
  store: Store;
  /** The caller's quota as `X-Quota-Remaining` reports it (the edge's peek, leased blocks included). */
  quota(caller: Caller): Promise<Omit<QuotaResult, "exceeded">>;
  /** The served snapshot's venues, once the server has one (ids are checked against it); null before. */
  venueFacts(): VenueFactLookup | null;
  publicBaseUrl: string;
  clock: Clock;
  /** The Set-Cookie value that ends the session cookie (after the account is deleted). */
  clearedSessionCookie(): string;
  /** E-mail digests are offered (an outbox sends them): the page lists and starts them. Default true. */
  digests?: boolean;
}

/** What the page and its actions share: the deps, and what the factory made of them once. */
export interface HomeContext {
  deps: AccountHomeDeps;
  store: Store;
  offersDigests: boolean;
  signer: ReturnType<typeof linkSigner>;
}

export type LoggedIn = PageSession & { account: Account };

/** The digests going to the account's address, as the page lists them (links in the page's language). */
export async function digestRows(ctx: HomeContext, session: LoggedIn, watchlistId: string) {
  const subs = await ctx.store.listSubscriptions(session.account.email);
  const rows = await Promise.all(
    subs.map(async (sub): Promise<DigestRow> => {
      const links = await ctx.signer.links("", sub.id, session.locale);
      const target = sub.target;
      const about =
        target.kind === "filter"
          ? filterSummary(storedFilter(target.filter), session.locale)
          : target.watchlistId === watchlistId
            ? t(session, "acct.digest_about_watchlist")
            : t(session, "nav.watchlist");
      const listPath =
        target.kind === "filter" ? `/deadlines?${target.filter}` : `/watchlist?id=${target.watchlistId}`;
      return {
        about,
        listPath: at(session, listPath),
        frequency: sub.frequency,
        closesIn: sub.closesIn,
        timeZone: sub.timeZone,
        confirmed: sub.confirmed,
        ...links,
      };
    }),
  );
  const watchlistDigest = subs.some(
    (s) => s.target.kind === "watchlist" && s.target.watchlistId === watchlistId,
  );
  return { rows, watchlistDigest };
}
export function callerOf(session: LoggedIn): Caller {
  return {
    kind: "account",
    accountId: session.account.id,
    keyId: null,
    ip: session.ip,
    ...(session.account.dailyQuota === undefined ? {} : { dailyQuota: session.account.dailyQuota }),
  };
}

export async function page(
  ctx: HomeContext,
  session: LoggedIn,
  extra: Pick<HomeView, "notice" | "newKey" | "refused"> = {},
  status = 200,
): Promise<AccountPage> {
  const caller = callerOf(session);
  const [keys, quota, requests, stored, watched] = await Promise.all([
    ctx.store.listApiKeys(session.account.id),
    ctx.deps.quota(caller),
    ctx.store.listQuotaRequests(session.account.id),
    ctx.store.getProfile(session.account.id),
    callerWatched(ctx.store, caller),
  ]);
  const links = watchlistLinks(watched?.id ?? "");
  const digests = ctx.offersDigests ? await digestRows(ctx, session, watched?.id ?? "") : null;
  const profile = stored ?? {
    accountId: session.account.id,
    public: true,
    institution: session.account.institution,
    cv: null,
    trackedConferences: [],
    trackedJournals: [],
    attendedConferences: [],
    updatedAt: session.account.createdAt,
  };
  const view: HomeView = {
    session,
    keys,
    quota: { limit: quota.limit, remaining: quota.remaining },
    requests,
    profile,
    watchlist: {
      page: ctx.deps.publicBaseUrl + localePath(session.locale, links.page),
      calendar: ctx.deps.publicBaseUrl + links.calendar,
    },
    digests,
    publicBaseUrl: ctx.deps.publicBaseUrl,
    ...extra,
  };
  return { title: t(session, "acct.your_account"), body: homeHtml(view), status };
}

export function refused(
  ctx: HomeContext,
  session: LoggedIn,
  action: string,
  refill: Refill,
  problem?: string,
) {
  return page(ctx, session, { refused: { action, refill, problem } }, 400);
}
