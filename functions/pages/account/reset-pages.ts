/**
 * `/account/forgot` (asks for a reset link; the same answer for any address) and `/account/reset?token=` (chooses
 * the new password; the link works once and expires after RESET_LINK_MINUTES). A reset ends every session and login
 * token issued before it, the one of this browser included, so the reader logs in again with the new password.
 */
import { escapeHtml } from "../../../render/html.ts";
import { tHtml } from "../../../render/i18n.ts";
import { type AccountPage, formHtml, noticeHtml, problemHtml } from "./account-html.ts";
import { answerLinkRequest, type LinkRequest, linkRequestFormOf } from "./link-request.ts";
import { type AccountPagesDeps, at, type PageSession, t } from "./page-context.ts";
import { loginLinkHtml, newPasswordField } from "./signup-pages.ts";

export const FORGOT_PATH = "/account/forgot";
export const RESET_PATH = "/account/reset";

/** The address form asking for a password-reset link. */
const FORGOT: LinkRequest = {
  path: FORGOT_PATH,
  request: "requestReset",
  intro: "acct.forgot_intro",
  submit: "acct.forgot_send",
  title: "acct.forgot_title",
  sent: "acct.forgot_sent",
};

export const forgotForm = linkRequestFormOf(FORGOT);

function resetForm(session: PageSession, token: string, problem?: string, passwordProblem?: string): string {
  return `${problem ? problemHtml(problem) : ""}${formHtml({
    action: at(session, RESET_PATH),
    csrf: session.csrf,
    submit: t(session, "acct.reset_submit"),
    hidden: { token },
    locale: session.locale,
    fields: [newPasswordField(session, t(session, "acct.new_password"), passwordProblem)],
  })}
<p class="hint">${escapeHtml(t(session, "acct.reset_note"))}</p>`;
}

export function resetPages(deps: AccountPagesDeps) {
  const forgotPage = (session: PageSession): AccountPage => ({
    title: t(session, "acct.forgot_title"),
    body: forgotForm(session),
  });

  const forgot = (session: PageSession, fields: URLSearchParams): Promise<AccountPage> =>
    answerLinkRequest(
      FORGOT,
      session,
      fields,
      deps,
      `<p>${escapeHtml(t(session, "acct.forgot_once", { minutes: deps.selfService.settings.resetLinkMinutes }))}</p>`,
    );

  const resetPage = (session: PageSession, token: string | null): AccountPage =>
    token
      ? { title: t(session, "acct.reset_title"), body: resetForm(session, token) }
      : {
          title: t(session, "acct.reset_title"),
          status: 400,
          body: forgotForm(session, "", t(session, "acct.reset_no_token")),
        };

  const reset = async (session: PageSession, fields: URLSearchParams): Promise<AccountPage> => {
    const token = fields.get("token") ?? "";
    const outcome = await deps.selfService.resetPassword(token, fields.get("password") ?? "", session.ip);
    const title = t(session, "acct.reset_title");
    if ("retryAfterSeconds" in outcome) {
      return {
        title,
        status: 429,
        retryAfter: outcome.retryAfterSeconds,
        body: resetForm(session, token, t(session, "acct.requests_limited")),
      };
    }
    if ("problems" in outcome) {
      if (outcome.problems.token)
        return { title, status: 400, body: forgotForm(session, "", t(session, "acct.reset_expired")) };
      return {
        title,
        status: 400,
        body: resetForm(session, token, t(session, "acct.reset_problem"), outcome.problems.password),
      };
    }
    const login = loginLinkHtml(session);
    return {
      title: t(session, "acct.reset_done_title"),
      setCookies: [deps.guard.clearedSessionCookie()],
      body: `${noticeHtml(`<p>${escapeHtml(t(session, "acct.reset_done"))}</p>`)}<p>${tHtml(session.locale, "acct.reset_login", { login })}</p>`,
    };
  };

  return { forgotPage, forgot, resetPage, reset };
}
