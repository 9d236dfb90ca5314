/**
 * `/account/login` (the form; a right password starts a session and goes back to `next`, a same-site path) and
 * `/account/logout` (POST: ends the session in the store, so the cookie is worth nothing even if kept). The form is
 * held to the limits of `POST /api/login` (accounts/auth/login.ts `authenticate`: the same limiter and hashing pool).
 */
import { escapeHtml } from "../../../render/html.ts";
import { tHtml } from "../../../render/i18n.ts";
import { type AccountPage, buttonFormHtml, formHtml, problemHtml, redirect } from "./account-html.ts";
import { samePath } from "./next-path.ts";
import { type AccountPagesDeps, at, type PageSession, t } from "./page-context.ts";
import { loggedInAsHtml, VERIFY_PATH } from "./signup-pages.ts";

export const LOGIN_FORM_PATH = "/account/login";
export const LOGOUT_PATH = "/account/logout";

export function loginForm(session: PageSession, next: string, email = "", problem?: string): string {
  const signup = `<a href="${at(session, "/account/signup")}">${escapeHtml(t(session, "acct.signup"))}</a>`;
  return `${problem ? problemHtml(problem) : ""}${formHtml({
    action: at(session, LOGIN_FORM_PATH),
    csrf: session.csrf,
    submit: t(session, "acct.login"),
    hidden: { next },
    locale: session.locale,
    fields: [
      {
        name: "email",
        label: t(session, "acct.email"),
        type: "email",
        autocomplete: "username",
        required: true,
        value: email,
      },
      {
        name: "password",
        label: t(session, "acct.password"),
        type: "password",
        autocomplete: "current-password",
        required: true,
      },
    ],
  })}
<p><a href="${at(session, "/account/forgot")}">${escapeHtml(t(session, "acct.forgot_title"))}</a> · ${tHtml(session.locale, "acct.no_account", { signup })}</p>`;
}

/** Who is logged in, and the log-out button. */
export function loggedInHtml(session: PageSession): string {
  if (!session.account) return "";
  return `<p>${loggedInAsHtml(session, session.account.email)}</p>
${buttonFormHtml(at(session, LOGOUT_PATH), session.csrf, t(session, "acct.logout"))}`;
}

export function loginPages(deps: AccountPagesDeps) {
  const loginPage = (session: PageSession, nextParam: string | null): AccountPage => ({
    title: t(session, "acct.login"),
    body: session.account ? loggedInHtml(session) : loginForm(session, samePath(nextParam, session.locale)),
  });

  const logIn = async (session: PageSession, fields: URLSearchParams): Promise<AccountPage | Response> => {
    const email = fields.get("email") ?? "";
    const next = samePath(fields.get("next"), session.locale);
    const again = (status: number, problem: string, retryAfter?: number): AccountPage => ({
      title: t(session, "acct.login"),
      status,
      retryAfter,
      body: loginForm(session, next, email, problem),
    });
    const checked = await deps.login.authenticate(email, fields.get("password") ?? "", { ip: session.ip });
    if (checked === null) return again(401, t(session, "acct.login_wrong"));
    if ("retryAfterSeconds" in checked) {
      return again(
        429,
        t(session, "acct.login_limited", { reason: checked.reason, seconds: checked.retryAfterSeconds }),
        checked.retryAfterSeconds,
      );
    }
    if ("unverified" in checked) {
      return {
        title: t(session, "acct.login"),
        status: 403,
        body: `${problemHtml(t(session, "acct.login_unverified"))}<p><a href="${at(session, VERIFY_PATH)}">${escapeHtml(t(session, "acct.ask_confirm_link"))}</a>.</p>`,
      };
    }
    // A session the browser had before is ended: a new log-in never shares a session id with an old one.
    await deps.sessions.end(session.form.sessionToken);
    const started = await deps.sessions.start(checked.account.id);
    return redirect(next, [deps.guard.sessionCookie(started.token, deps.sessions.lifetimeMs)]);
  };

  const logOut = async (session: PageSession): Promise<Response> => {
    await deps.sessions.end(session.form.sessionToken);
    return redirect(`${at(session, LOGIN_FORM_PATH)}?logged_out=1`, [deps.guard.clearedSessionCookie()]);
  };

  return { loginPage, logIn, logOut };
}
