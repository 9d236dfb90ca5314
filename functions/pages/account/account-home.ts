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
import { linkSigner } from "../subscriptions/links.ts";
import {
  createKeyAction,
  deleteAction,
  digestAction,
  exportAction,
  profileAction,
  quotaAction,
  revokeAction,
} from "./account-home-actions.ts";
import {
  DELETE_PATH,
  DIGEST_PATH,
  deleteFormHtml,
  EXPORT_PATH,
  HOME_PATH,
  KEYS_PATH,
  PROFILE_PATH,
  QUOTA_REQUEST_PATH,
  REVOKE_PATH,
} from "./account-home-html.ts";
import { type AccountHomeDeps, type HomeContext, page } from "./account-home-page.ts";
import type { AccountPage } from "./account-html.ts";
import { loginForm } from "./login-pages.ts";
import { at, type PageSession, t } from "./page-context.ts";

export type { AccountHomeDeps } from "./account-home-page.ts";

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

/** What each done action says on the page it goes back to (`?done=`). */
const DONE = {
  revoked: "acct.done_revoked",
  profile: "acct.done_profile",
  quota: "acct.done_quota",
  digest: "acct.digest_started",
} as const;

const doneKey = (done: string | null) =>
  done && Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : null;

/** GET: the page (or the delete confirmation); the log-in form that comes back here when logged out. */
async function get(
  ctx: HomeContext,
  session: PageSession,
  pathname: string,
  query: URLSearchParams,
): Promise<AccountPage> {
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
  return page(ctx, loggedIn, { notice: done ? t(session, done) : undefined });
}

/** POST, its fields checked for CSRF already. */
async function post(
  ctx: HomeContext,
  session: PageSession,
  pathname: string,
  fields: URLSearchParams,
): Promise<AccountPage | Response> {
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
      return createKeyAction(ctx, loggedIn, fields);
    case REVOKE_PATH:
      return revokeAction(ctx, loggedIn, fields);
    case PROFILE_PATH:
      return profileAction(ctx, loggedIn, fields);
    case QUOTA_REQUEST_PATH:
      return quotaAction(ctx, loggedIn, fields);
    case EXPORT_PATH:
      return exportAction(ctx, loggedIn);
    case DELETE_PATH:
      return deleteAction(ctx, loggedIn, fields);
    case DIGEST_PATH:
      return digestAction(ctx, loggedIn, fields);
    default:
      return page(ctx, loggedIn);
  }
}

/** A POST refused before it was read (another site, no token, not a form): the page, its form refilled. */
async function refusedPost(
  ctx: HomeContext,
  session: PageSession,
  pathname: string,
  fields: URLSearchParams,
  problem: string,
  status: number,
): Promise<AccountPage> {
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
    ...(await page(ctx, loggedIn, {
      refused: { action: pathname, refill: { values, errors: {} }, problem },
    })),
    status,
  };
}

export function accountHome(deps: AccountHomeDeps) {
  const ctx: HomeContext = {
    deps,
    store: deps.store,
    offersDigests: deps.digests ?? true,
    signer: linkSigner(deps.store),
  };
  return {
    get: (session: PageSession, pathname: string, query: URLSearchParams) =>
      get(ctx, session, pathname, query),
    post: (session: PageSession, pathname: string, fields: URLSearchParams) =>
      post(ctx, session, pathname, fields),
    refusedPost: (
      session: PageSession,
      pathname: string,
      fields: URLSearchParams,
      problem: string,
      status: number,
    ) => refusedPost(ctx, session, pathname, fields, problem, status),
  };
}

export type AccountHome = ReturnType<typeof accountHome>;
