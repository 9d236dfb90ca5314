/**
 * The account pages the server renders: sign-up, e-mail confirmation, log-in and log-out, forgotten password
 * (signup-pages.ts, login-pages.ts, reset-pages.ts), each answering GET (and HEAD) with its form and POST with its
 * action. A POST is taken only as a URL-encoded form from this site with its CSRF token (form-guard.ts); refused, the
 * form comes back refilled (never the password) with the reason and a 4xx status. Null for any other path.
 */
import { PasswordHashingBusy } from "../../../accounts/auth/passwords.ts";
import { unlocalizedPath } from "../../../render/i18n.ts";
import { ACCOUNT_HOME_PATHS, type AccountHome } from "./account-home.ts";
import { type AccountPage, accountPage, problemHtml } from "./account-html.ts";
import { LOGIN_FORM_PATH, LOGOUT_PATH, loginForm, loginPages } from "./login-pages.ts";
import { samePath } from "./next-path.ts";
import { type AccountPagesDeps, type PageSession, pageSessions, t } from "./page-context.ts";
import { FORGOT_PATH, forgotForm, RESET_PATH, resetPages } from "./reset-pages.ts";
import {
  resendForm,
  SIGNUP_PATH,
  signupForm,
  signupPages,
  signupValues,
  VERIFY_PATH,
} from "./signup-pages.ts";

export type { AccountPagesDeps } from "./page-context.ts";

/** The paths answered here. */
export const ACCOUNT_FORM_PATHS = [
  SIGNUP_PATH,
  VERIFY_PATH,
  LOGIN_FORM_PATH,
  LOGOUT_PATH,
  FORGOT_PATH,
  RESET_PATH,
];

export type AccountPages = (req: Request, pathname: string, ip: string) => Promise<Response | null>;

/** `home`: the account page itself (account-home.ts); without it its paths are not answered here. */
export function accountPages(deps: AccountPagesDeps, home?: AccountHome): AccountPages {
  const { sessionOf, postedForm } = pageSessions(deps);
  const signup = signupPages(deps);
  const login = loginPages(deps);
  const resets = resetPages(deps);

  /** The page's form again, refilled from what was sent (passwords never), with a problem about the whole form. */
  const refusedForm = (pathname: string, session: PageSession, fields: URLSearchParams, problem: string) => {
    const email = fields.get("email") ?? "";
    switch (pathname) {
      case SIGNUP_PATH:
        return {
          title: t(session, "acct.signup"),
          body: signupForm(session, signupValues(fields), {}, problem),
        };
      case LOGIN_FORM_PATH:
        return {
          title: t(session, "acct.login"),
          body: loginForm(session, samePath(fields.get("next"), session.locale), email, problem),
        };
      case VERIFY_PATH:
        return { title: t(session, "acct.confirm_title"), body: resendForm(session, email, problem) };
      case FORGOT_PATH:
        return { title: t(session, "acct.forgot_title"), body: forgotForm(session, email, problem) };
      default:
        return { title: t(session, "acct.your_account"), body: problemHtml(problem) };
    }
  };

  const get = async (req: Request, pathname: string, session: PageSession): Promise<AccountPage | null> => {
    const query = new URL(req.url).searchParams;
    if (home && ACCOUNT_HOME_PATHS.includes(pathname)) return home.get(session, pathname, query);
    switch (pathname) {
      case SIGNUP_PATH:
        return signup.signUpPage(session);
      case VERIFY_PATH: {
        const token = query.get("token");
        return token
          ? signup.verify(session, token)
          : { title: t(session, "acct.confirm_title"), body: resendForm(session) };
      }
      case LOGIN_FORM_PATH:
        return login.loginPage(session, query.get("next"));
      case FORGOT_PATH:
        return resets.forgotPage(session);
      case RESET_PATH:
        return resets.resetPage(session, query.get("token"));
      case LOGOUT_PATH:
        return login.loginPage(session, null);
      default:
        return null;
    }
  };

  const post = async (
    req: Request,
    pathname: string,
    session: PageSession,
  ): Promise<AccountPage | Response> => {
    const posted = await postedForm(req, session);
    if (!posted.ok && home && ACCOUNT_HOME_PATHS.includes(pathname))
      return home.refusedPost(session, pathname, posted.fields, posted.problem, posted.status);
    if (!posted.ok)
      return { ...refusedForm(pathname, session, posted.fields, posted.problem), status: posted.status };
    const { fields } = posted;
    if (home && ACCOUNT_HOME_PATHS.includes(pathname)) return home.post(session, pathname, fields);
    switch (pathname) {
      case SIGNUP_PATH:
        return signup.signUp(session, fields);
      case VERIFY_PATH:
        return signup.resend(session, fields);
      case LOGIN_FORM_PATH:
        return login.logIn(session, fields);
      case LOGOUT_PATH:
        return login.logOut(session);
      case FORGOT_PATH:
        return resets.forgot(session, fields);
      default:
        return resets.reset(session, fields);
    }
  };

  return async (req, localizedPath, ip) => {
    // One handler for both languages: /zh/account/… is the same page in Chinese (session.locale).
    const pathname = unlocalizedPath(localizedPath);
    if (!ACCOUNT_FORM_PATHS.includes(pathname) && !(home && ACCOUNT_HOME_PATHS.includes(pathname)))
      return null;
    const method = req.method;
    if (method !== "GET" && method !== "HEAD" && method !== "POST") return null;
    const session = await sessionOf(req, ip);
    let page: AccountPage | Response | null;
    try {
      page = method === "POST" ? await post(req, pathname, session) : await get(req, pathname, session);
    } catch (error) {
      if (!(error instanceof PasswordHashingBusy)) throw error;
      page = {
        title: t(session, "acct.your_account"),
        status: 429,
        retryAfter: 1,
        body: problemHtml(t(session, "acct.hashing_busy")),
      };
    }
    if (page === null) return null;
    if (page instanceof Response) {
      for (const cookie of session.form.setCookies) page.headers.append("set-cookie", cookie);
      return page;
    }
    return accountPage(req, deps.siteDir, {
      ...page,
      setCookies: [...session.form.setCookies, ...(page.setCookies ?? [])],
    });
  };
}
