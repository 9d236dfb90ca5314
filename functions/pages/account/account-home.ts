/**
 * The account page and its actions, for a logged-in reader (others get the log-in form, which comes back here):
 * `/account` and `/account/api-keys` show it; POSTs create a key (shown once), revoke one, save the profile, ask for
 * a higher quota, export the account's data (a JSON download) and, after `/account/delete`'s confirmation, delete
 * the account. Every POST arrives here with its CSRF token already checked (page-context.ts). A refused form comes
 * back refilled with the problem beside its field and a 400; a done action goes back to the page (303) saying so.
 * The page lists the digest subscriptions of the account's address (by e-mail, wherever they were started) with
 * their signed change-or-stop links, and `POST /account/digest` starts a digest of the account's watchlist at once:
 * the address is confirmed already, so there is no confirmation link. Under /zh/ every word is Chinese.
 */
import {
  deleteAccount,
  exportAccountData,
  quotaAskProblems,
  requestQuota,
} from "../../../accounts/auth/account-data.ts";
import {
  AccountError,
  createKey,
  type ProfilePatch,
  updateProfile,
} from "../../../accounts/auth/accounts.ts";
import type { Account, Store, Subscription } from "../../../accounts/store/types.ts";
import type { Caller, QuotaResult } from "../../../read/caller.ts";
import type { VenueFactLookup } from "../../../read/query/venue-facts.ts";
import { localePath } from "../../../render/i18n.ts";
import type { Clock } from "../../../runtime/clock.ts";
import { callerWatched } from "../account-watchlist.ts";
import { filterSummary } from "../deadlines-page.ts";
import { storedFilter } from "../subscriptions/digest-items.ts";
import { linkSigner, newSubscriptionId } from "../subscriptions/links.ts";
import { choicesOf, MAX_PER_ADDRESS } from "../subscriptions/subscribe-pages.ts";
import { watchlistLinks } from "../watchlists.ts";
import {
  DELETE_PATH,
  DIGEST_PATH,
  type DigestRow,
  deleteFormHtml,
  EXPORT_PATH,
  HOME_PATH,
  type HomeView,
  homeHtml,
  KEYS_PATH,
  PROFILE_PATH,
  QUOTA_REQUEST_PATH,
  REVOKE_PATH,
  type Refill,
} from "./account-home-html.ts";
import { type AccountPage, redirect } from "./account-html.ts";
import { loginForm } from "./login-pages.ts";
import { at, type PageSession, t } from "./page-context.ts";

export const ACCOUNT_HOME_PATHS = [
  HOME_PATH,
  KEYS_PATH,
  REVOKE_PATH,
  PROFILE_PATH,
  QUOTA_REQUEST_PATH,
  EXPORT_PATH,
  DELETE_PATH,
  DIGEST_PATH,
];

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

type LoggedIn = PageSession & { account: Account };

/** What each done action says on the page it goes back to (`?done=`). */
const DONE = {
  revoked: "acct.done_revoked",
  profile: "acct.done_profile",
  quota: "acct.done_quota",
  digest: "acct.digest_started",
} as const;

const doneKey = (done: string | null) =>
  done && Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : null;

const noRefill: Refill = { values: {}, errors: {} };

/** A comma-separated id list as typed (spaces and empty entries dropped). */
const idList = (raw: string | null) => (raw ?? "").split(/[\s,]+/).filter((id) => id !== "");

export function accountHome(deps: AccountHomeDeps) {
  const { store } = deps;
  const offersDigests = deps.digests ?? true;
  const signer = linkSigner(store);

  /** The digests going to the account's address, as the page lists them (links in the page's language). */
  const digestRows = async (session: LoggedIn, watchlistId: string) => {
    const subs = await store.listSubscriptions(session.account.email);
    const rows = await Promise.all(
      subs.map(async (sub): Promise<DigestRow> => {
        const links = await signer.links("", sub.id, session.locale);
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
  };
  const callerOf = (session: LoggedIn): Caller => ({
    kind: "account",
    accountId: session.account.id,
    keyId: null,
    ip: session.ip,
    ...(session.account.dailyQuota === undefined ? {} : { dailyQuota: session.account.dailyQuota }),
  });

  const page = async (
    session: LoggedIn,
    extra: Pick<HomeView, "notice" | "newKey" | "refused"> = {},
    status = 200,
  ): Promise<AccountPage> => {
    const caller = callerOf(session);
    const [keys, quota, requests, stored, watched] = await Promise.all([
      store.listApiKeys(session.account.id),
      deps.quota(caller),
      store.listQuotaRequests(session.account.id),
      store.getProfile(session.account.id),
      callerWatched(store, caller),
    ]);
    const links = watchlistLinks(watched?.id ?? "");
    const digests = offersDigests ? await digestRows(session, watched?.id ?? "") : null;
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
        page: deps.publicBaseUrl + localePath(session.locale, links.page),
        calendar: deps.publicBaseUrl + links.calendar,
      },
      digests,
      publicBaseUrl: deps.publicBaseUrl,
      ...extra,
    };
    return { title: t(session, "acct.your_account"), body: homeHtml(view), status };
  };

  const refused = (session: LoggedIn, action: string, refill: Refill, problem?: string) =>
    page(session, { refused: { action, refill, problem } }, 400);

  const createKeyAction = async (session: LoggedIn, fields: URLSearchParams) => {
    const label = (fields.get("label") ?? "").trim();
    const values = { label: fields.get("label") ?? "" };
    if (label === "")
      return refused(session, KEYS_PATH, { values, errors: { label: t(session, "acct.key_label_empty") } });
    if (label.length > 100)
      return refused(session, KEYS_PATH, {
        values,
        errors: { label: t(session, "acct.at_most", { n: 100 }) },
      });
    if (!session.account.verified)
      return refused(session, KEYS_PATH, noRefill, t(session, "acct.key_confirm_first"));
    const created = await createKey(store, session.account.email, label, deps.clock());
    // Shown here once, never again: no redirect, and the page is no-store.
    return page(session, { newKey: { key: created.key, label } }, 201);
  };

  const revokeAction = async (session: LoggedIn, fields: URLSearchParams) => {
    const keyId = fields.get("key_id") ?? "";
    const revoked = keyId ? await store.revokeApiKey(session.account.id, keyId) : null;
    if (!revoked) return refused(session, KEYS_PATH, noRefill, t(session, "acct.key_unknown"));
    return redirect(`${at(session, HOME_PATH)}?done=revoked#api-keys`);
  };

  /** Unknown venue ids, per field, when the server has a snapshot to ask. */
  const unknownVenues = async (
    session: LoggedIn,
    patch: Required<Pick<ProfilePatch, "trackedConferences" | "trackedJournals" | "attendedConferences">>,
  ) => {
    const lookup = deps.venueFacts();
    const errors: Record<string, string> = {};
    const all = [...patch.trackedConferences, ...patch.trackedJournals, ...patch.attendedConferences];
    const malformed = all.find((id) => !/^\d{1,12}$/.test(id));
    if (!lookup || malformed !== undefined) {
      if (malformed !== undefined) {
        const field = patch.trackedConferences.includes(malformed)
          ? "track"
          : patch.trackedJournals.includes(malformed)
            ? "track_journals"
            : "attend";
        errors[field] = t(session, "acct.venue_id_malformed", { id: JSON.stringify(malformed) });
      }
      return errors;
    }
    const facts = await lookup({
      conferences: [...patch.trackedConferences, ...patch.attendedConferences],
      journals: patch.trackedJournals,
    });
    const known = new Set(facts.map((f) => `${f.kind}:${f.id}`));
    const check = (name: string, kind: string, list: string[]) => {
      const missing = list.filter((id) => !known.has(`${kind}:${id}`));
      if (missing.length)
        errors[name] = t(session, kind === "journal" ? "acct.no_journal_id" : "acct.no_conference_id", {
          ids: missing.join(", "),
        });
    };
    check("track", "conference", patch.trackedConferences);
    check("track_journals", "journal", patch.trackedJournals);
    check("attend", "conference", patch.attendedConferences);
    return errors;
  };

  const profileAction = async (session: LoggedIn, fields: URLSearchParams) => {
    const values = Object.fromEntries(
      ["institution", "cv", "track", "track_journals", "attend"].map((n) => [n, fields.get(n) ?? ""]),
    );
    values.public = fields.get("public") === "on" ? "on" : "";
    values.hide_tracked = fields.get("hide_tracked") === "on" ? "on" : "";
    const venues = {
      trackedConferences: idList(fields.get("track")),
      trackedJournals: idList(fields.get("track_journals")),
      attendedConferences: idList(fields.get("attend")),
    };
    const errors = await unknownVenues(session, venues);
    if ((values.institution ?? "").trim().length > 200)
      errors.institution = t(session, "acct.at_most", { n: 200 });
    if ((values.cv ?? "").trim().length > 20_000) errors.cv = t(session, "acct.at_most", { n: 20_000 });
    if (Object.keys(errors).length) return refused(session, PROFILE_PATH, { values, errors });
    try {
      await updateProfile(
        store,
        session.account.email,
        {
          public: values.public === "on",
          hideTracked: values.hide_tracked === "on",
          institution: values.institution ?? "",
          cv: values.cv ?? "",
          ...venues,
        },
        deps.clock(),
      );
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      return refused(session, PROFILE_PATH, { values, errors: {} }, error.message);
    }
    return redirect(`${at(session, HOME_PATH)}?done=profile#profile`);
  };

  const quotaAction = async (session: LoggedIn, fields: URLSearchParams) => {
    const ask = { requested: fields.get("requested") ?? "", reason: fields.get("reason") ?? "" };
    const { limit } = await deps.quota(callerOf(session));
    const errors = quotaAskProblems(ask, limit);
    if (Object.keys(errors).length) return refused(session, QUOTA_REQUEST_PATH, { values: ask, errors });
    try {
      await requestQuota(store, session.account, ask, deps.clock());
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      return refused(session, QUOTA_REQUEST_PATH, { values: ask, errors: {} }, error.message);
    }
    return redirect(`${at(session, HOME_PATH)}?done=quota#quota`);
  };

  /**
   * A digest of the account's watchlist to its own address, started at once: the address is the account's, and
   * confirmed (an unconfirmed account is refused), so no confirmation link is needed. One per account.
   */
  const digestAction = async (session: LoggedIn, fields: URLSearchParams) => {
    const values = {
      frequency: fields.get("frequency") ?? "",
      closes_in: fields.getAll("closes_in").join(","),
      time_zone: fields.get("time_zone") ?? "",
    };
    const again = (problem: string) => refused(session, DIGEST_PATH, { values, errors: {} }, problem);
    if (!offersDigests) return again(t(session, "acct.digest_off"));
    if (!session.account.verified) return again(t(session, "acct.digest_unverified"));
    const choices = choicesOf(fields, session.locale);
    if ("problem" in choices) return again(choices.problem);
    const watched = await callerWatched(store, callerOf(session));
    if (!watched || watched.conferences.length === 0) return again(t(session, "acct.digest_track_first"));
    const email = session.account.email;
    const existing = await store.listSubscriptions(email);
    if (existing.some((s) => s.target.kind === "watchlist" && s.target.watchlistId === watched.id))
      return again(t(session, "acct.digest_exists"));
    if (existing.length >= MAX_PER_ADDRESS)
      return again(t(session, "acct.digest_too_many", { email, n: MAX_PER_ADDRESS }));
    const sub: Subscription = {
      id: newSubscriptionId(),
      email,
      target: { kind: "watchlist", watchlistId: watched.id },
      ...choices,
      language: session.locale,
      confirmed: true,
      createdAt: deps.clock().toISOString(),
      confirmHash: null,
      confirmExpiresAt: null,
      lastPeriod: null,
      lastDeadlines: null,
    };
    await store.createSubscription(sub);
    return redirect(`${at(session, HOME_PATH)}?done=digest#digests`);
  };

  const exportAction = async (session: LoggedIn): Promise<Response> => {
    const data = await exportAccountData(store, session.account, deps.clock());
    return new Response(`${JSON.stringify(data, null, 2)}\n`, {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="venue-directory-account-${session.account.id}.json"`,
        "cache-control": "no-store",
      },
    });
  };

  const deleteAction = async (
    session: LoggedIn,
    fields: URLSearchParams,
  ): Promise<AccountPage | Response> => {
    const confirm = (fields.get("confirm") ?? "").trim().toLowerCase();
    if (confirm !== session.account.email) {
      const error = t(session, confirm === "" ? "acct.delete_type_email" : "acct.delete_not_yours");
      return {
        title: t(session, "acct.delete_title"),
        status: 400,
        body: deleteFormHtml(session, {
          values: { confirm: fields.get("confirm") ?? "" },
          errors: { confirm: error },
        }),
      };
    }
    await deleteAccount(store, session.account.id);
    return {
      title: t(session, "acct.deleted_title"),
      body: `<p>${t(session, "acct.deleted")}</p><p><a href="${at(session, "/account/signup")}">${t(session, "acct.signup_again")}</a> · <a href="${at(session, "/")}">${t(session, "acct.home")}</a></p>`,
      setCookies: [deps.clearedSessionCookie()],
    };
  };

  /** GET: the page (or the delete confirmation); the log-in form that comes back here when logged out. */
  const get = async (
    session: PageSession,
    pathname: string,
    query: URLSearchParams,
  ): Promise<AccountPage> => {
    const { account } = session;
    if (!account) {
      // 200 at the address asked for (the reference's clients print /account/api-keys): log in, then back here.
      const next = at(session, pathname === KEYS_PATH ? KEYS_PATH : HOME_PATH);
      return {
        title: t(session, "acct.login"),
        body: `<p>${t(session, "acct.login_to_see")}</p>${loginForm(session, next)}`,
      };
    }
    const loggedIn = { ...session, account };
    if (pathname === DELETE_PATH)
      return { title: t(session, "acct.delete_title"), body: deleteFormHtml(loggedIn) };
    const done = doneKey(query.get("done"));
    return page(loggedIn, { notice: done ? t(session, done) : undefined });
  };

  /** POST, its fields checked for CSRF already. */
  const post = async (
    session: PageSession,
    pathname: string,
    fields: URLSearchParams,
  ): Promise<AccountPage | Response> => {
    const { account } = session;
    if (!account)
      return {
        title: t(session, "acct.login"),
        status: 401,
        body: loginForm(session, at(session, HOME_PATH), "", t(session, "acct.session_ended")),
      };
    const loggedIn = { ...session, account };
    switch (pathname) {
      case KEYS_PATH:
        return createKeyAction(loggedIn, fields);
      case REVOKE_PATH:
        return revokeAction(loggedIn, fields);
      case PROFILE_PATH:
        return profileAction(loggedIn, fields);
      case QUOTA_REQUEST_PATH:
        return quotaAction(loggedIn, fields);
      case EXPORT_PATH:
        return exportAction(loggedIn);
      case DELETE_PATH:
        return deleteAction(loggedIn, fields);
      case DIGEST_PATH:
        return digestAction(loggedIn, fields);
      default:
        return page(loggedIn);
    }
  };

  /** A POST refused before it was read (another site, no token, not a form): the page, its form refilled. */
  const refusedPost = async (
    session: PageSession,
    pathname: string,
    fields: URLSearchParams,
    problem: string,
    status: number,
  ): Promise<AccountPage> => {
    const { account } = session;
    if (!account)
      return {
        title: t(session, "acct.login"),
        status,
        body: loginForm(session, at(session, HOME_PATH), "", problem),
      };
    const values = Object.fromEntries([...fields].filter(([name]) => name !== "csrf"));
    const loggedIn = { ...session, account };
    if (pathname === DELETE_PATH)
      return {
        title: t(session, "acct.delete_title"),
        status,
        body: deleteFormHtml(loggedIn, { values, errors: {} }, problem),
      };
    return {
      ...(await page(loggedIn, { refused: { action: pathname, refill: { values, errors: {} }, problem } })),
      status,
    };
  };

  return { get, post, refusedPost };
}

export type AccountHome = ReturnType<typeof accountHome>;
