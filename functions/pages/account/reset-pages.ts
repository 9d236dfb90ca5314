/**
 * `/account/forgot` (asks for a reset link; the same answer for any address) and `/account/reset?token=` (chooses
 * the new password; the link works once and expires after RESET_LINK_MINUTES). A reset ends every session and login
 * token issued before it, the one of this browser included, so the reader logs in again with the new password.
 */
import { PASSWORD_RULES } from "../../../accounts/auth/password-policy.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../../accounts/auth/passwords.ts";
import { escapeHtml } from "../../../render/html.ts";
import { type AccountPage, formHtml, noticeHtml, problemHtml } from "./account-html.ts";
import type { AccountPagesDeps, PageSession } from "./page-context.ts";
import { sentHtml } from "./signup-pages.ts";

export const FORGOT_PATH = "/account/forgot";
export const RESET_PATH = "/account/reset";

export function forgotForm(
  session: PageSession,
  email = "",
  problem?: string,
  fieldProblem?: string,
): string {
  return `${problem ? problemHtml(problem) : ""}<p>Enter your account's e-mail address: we send a link to choose a new password.</p>
${formHtml({
  action: FORGOT_PATH,
  csrf: session.csrf,
  submit: "Send the link",
  fields: [
    {
      name: "email",
      label: "E-mail address",
      type: "email",
      autocomplete: "email",
      required: true,
      maxLength: 254,
      value: email,
      error: fieldProblem,
    },
  ],
})}`;
}

function resetForm(session: PageSession, token: string, problem?: string, passwordProblem?: string): string {
  return `${problem ? problemHtml(problem) : ""}${formHtml({
    action: RESET_PATH,
    csrf: session.csrf,
    submit: "Set the new password",
    hidden: { token },
    fields: [
      {
        name: "password",
        label: "New password",
        type: "password",
        autocomplete: "new-password",
        required: true,
        minLength: MIN_PASSWORD_LENGTH,
        maxLength: MAX_PASSWORD_LENGTH,
        hint: PASSWORD_RULES,
        error: passwordProblem,
      },
    ],
  })}
<p class="hint">Setting it logs out every browser and ends every login token of the account; API keys keep working.</p>`;
}

export function resetPages(deps: AccountPagesDeps) {
  const forgotPage = (session: PageSession): AccountPage => ({
    title: "Forgot your password?",
    body: forgotForm(session),
  });

  const forgot = async (session: PageSession, fields: URLSearchParams): Promise<AccountPage> => {
    const email = fields.get("email") ?? "";
    const outcome = await deps.selfService.requestReset(email, session.ip);
    const title = "Forgot your password?";
    if ("problems" in outcome)
      return { title, status: 400, body: forgotForm(session, email, undefined, outcome.problems.email) };
    if ("retryAfterSeconds" in outcome) {
      return {
        title,
        status: 429,
        retryAfter: outcome.retryAfterSeconds,
        body: forgotForm(
          session,
          email,
          "Too many link requests from your network this hour: nothing was sent. Try again in an hour.",
        ),
      };
    }
    return {
      title,
      body: `${sentHtml(`If <strong>${escapeHtml(outcome.email)}</strong> has an account, a mail with a link to choose a new password is on its way.`, deps)}<p>The link works once, for ${deps.selfService.settings.resetLinkMinutes} minutes.</p>`,
    };
  };

  const resetPage = (session: PageSession, token: string | null): AccountPage =>
    token
      ? { title: "Choose a new password", body: resetForm(session, token) }
      : {
          title: "Choose a new password",
          status: 400,
          body: forgotForm(
            session,
            "",
            "This address lacks its link's token: open the link from the mail, or ask for a new one.",
          ),
        };

  const reset = async (session: PageSession, fields: URLSearchParams): Promise<AccountPage> => {
    const token = fields.get("token") ?? "";
    const outcome = await deps.selfService.resetPassword(token, fields.get("password") ?? "", session.ip);
    const title = "Choose a new password";
    if ("retryAfterSeconds" in outcome) {
      return {
        title,
        status: 429,
        retryAfter: outcome.retryAfterSeconds,
        body: resetForm(
          session,
          token,
          "Too many requests from your network this hour: try again in an hour.",
        ),
      };
    }
    if ("problems" in outcome) {
      if (outcome.problems.token)
        return {
          title,
          status: 400,
          body: forgotForm(
            session,
            "",
            `This password-reset link has expired or was already used: ask for a new one.`,
          ),
        };
      return {
        title,
        status: 400,
        body: resetForm(
          session,
          token,
          "The new password needs changing: see below.",
          outcome.problems.password,
        ),
      };
    }
    return {
      title: "Password changed",
      setCookies: [deps.guard.clearedSessionCookie()],
      body: `${noticeHtml("<p>Your new password is set. Every browser was logged out and every login token ended; your API keys keep working.</p>")}<p><a href="/account/login">Log in</a> with the new password.</p>`,
    };
  };

  return { forgotPage, forgot, resetPage, reset };
}
