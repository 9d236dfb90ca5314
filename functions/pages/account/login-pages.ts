/**
 * `/account/login` (the form; a right password starts a session and goes back to `next`, a same-site path) and
 * `/account/logout` (POST: ends the session in the store, so the cookie is worth nothing even if kept). The form is
 * held to the limits of `POST /api/login` (accounts/auth/login.ts `authenticate`: the same limiter and hashing pool).
 */
import { escapeHtml } from "../../../render/html.ts";
import { type AccountPage, buttonFormHtml, formHtml, problemHtml, redirect } from "./account-html.ts";
import { samePath } from "./next-path.ts";
import type { AccountPagesDeps, PageSession } from "./page-context.ts";
import { VERIFY_PATH } from "./signup-pages.ts";

export const LOGIN_FORM_PATH = "/account/login";
export const LOGOUT_PATH = "/account/logout";

export function loginForm(session: PageSession, next: string, email = "", problem?: string): string {
  return `${problem ? problemHtml(problem) : ""}${formHtml({
    action: LOGIN_FORM_PATH,
    csrf: session.csrf,
    submit: "Log in",
    hidden: { next },
    fields: [
      {
        name: "email",
        label: "E-mail address",
        type: "email",
        autocomplete: "username",
        required: true,
        value: email,
      },
      {
        name: "password",
        label: "Password",
        type: "password",
        autocomplete: "current-password",
        required: true,
      },
    ],
  })}
<p><a href="/account/forgot">Forgot your password?</a> · No account yet? <a href="/account/signup">Sign up</a>.</p>`;
}

/** Who is logged in, and the log-out button. */
export function loggedInHtml(session: PageSession): string {
  if (!session.account) return "";
  return `<p>You are logged in as <strong>${escapeHtml(session.account.email)}</strong>. <a href="/account">Your account</a>.</p>
${buttonFormHtml(LOGOUT_PATH, session.csrf, "Log out")}`;
}

export function loginPages(deps: AccountPagesDeps) {
  const loginPage = (session: PageSession, nextParam: string | null): AccountPage => ({
    title: "Log in",
    body: session.account ? loggedInHtml(session) : loginForm(session, samePath(nextParam)),
  });

  const logIn = async (session: PageSession, fields: URLSearchParams): Promise<AccountPage | Response> => {
    const email = fields.get("email") ?? "";
    const next = samePath(fields.get("next"));
    const again = (status: number, problem: string, retryAfter?: number): AccountPage => ({
      title: "Log in",
      status,
      retryAfter,
      body: loginForm(session, next, email, problem),
    });
    const checked = await deps.login.authenticate(email, fields.get("password") ?? "", { ip: session.ip });
    if (checked === null) return again(401, "Wrong e-mail address or password.");
    if ("retryAfterSeconds" in checked) {
      return again(
        429,
        `Too many log-in attempts from your network (${checked.reason}): try again in ${checked.retryAfterSeconds} s.`,
        checked.retryAfterSeconds,
      );
    }
    if ("unverified" in checked) {
      return {
        title: "Log in",
        status: 403,
        body: `${problemHtml("This account's e-mail address is not confirmed yet: follow the link in the mail we sent.")}<p><a href="${VERIFY_PATH}">Ask for a new confirmation link</a>.</p>`,
      };
    }
    // A session the browser had before is ended: a new log-in never shares a session id with an old one.
    await deps.sessions.end(session.form.sessionToken);
    const started = await deps.sessions.start(checked.account.id);
    return redirect(next, [deps.guard.sessionCookie(started.token, deps.sessions.lifetimeMs)]);
  };

  const logOut = async (session: PageSession): Promise<Response> => {
    await deps.sessions.end(session.form.sessionToken);
    return redirect(`${LOGIN_FORM_PATH}?logged_out=1`, [deps.guard.clearedSessionCookie()]);
  };

  return { loginPage, logIn, logOut };
}
