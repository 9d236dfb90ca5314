/**
 * The two pages that ask for a link by e-mail address alone (a new confirmation link, a password-reset link): one
 * form and one answer, so their limits, refusals and "sent" notice read the same whichever is asked.
 */
import type { SelfService } from "../../../accounts/auth/self-service.ts";
import { escapeHtml } from "../../../render/html.ts";
import { type MessageKey, tHtml } from "../../../render/i18n.ts";
import { type AccountPage, type Field, formHtml, noticeHtml, problemHtml } from "./account-html.ts";
import { type AccountPagesDeps, at, type PageSession, t } from "./page-context.ts";

/** The e-mail address field every account form asks for. */
export const emailField = (session: PageSession, value?: string, error?: string, hint?: string): Field => ({
  name: "email",
  label: t(session, "acct.email"),
  type: "email",
  autocomplete: "email",
  required: true,
  maxLength: 254,
  value,
  hint,
  error,
});

/**
 * What the pages say once a link was (or would have been) sent: `lead` says to whom, in words that hold whether or
 * not the address has an account.
 */
export function sentHtml(
  session: Pick<PageSession, "locale">,
  lead: string,
  deps: Pick<AccountPagesDeps, "mailToLog">,
): string {
  const where = deps.mailToLog
    ? `<p>${tHtml(session.locale, "acct.sent_to_log", { var: "<code>SMTP_URL</code>" })}</p>`
    : `<p>${escapeHtml(t(session, "acct.sent_wait"))}</p>`;
  return noticeHtml(`<p>${lead}</p>${where}`);
}

/** One link-request page: where its form posts, the self-service step it asks for, and its words. */
export interface LinkRequest {
  path: string;
  request: Extract<keyof SelfService, "resendVerification" | "requestReset">;
  intro: MessageKey;
  submit: MessageKey;
  title: MessageKey;
  /** The notice once sent, with `{email}`. */
  sent: MessageKey;
}

/** The form asking for the address, with a page-level `problem` or a `fieldProblem` on the address. */
export function linkRequestForm(
  page: LinkRequest,
  session: PageSession,
  email = "",
  problem?: string,
  fieldProblem?: string,
): string {
  return `${problem ? problemHtml(problem) : ""}<p>${escapeHtml(t(session, page.intro))}</p>
${formHtml({
  action: at(session, page.path),
  csrf: session.csrf,
  submit: t(session, page.submit),
  locale: session.locale,
  fields: [emailField(session, email, fieldProblem)],
})}`;
}

/** `linkRequestForm` of one page, as its callers use it. */
export const linkRequestFormOf =
  (page: LinkRequest) =>
  (session: PageSession, email = "", problem?: string, fieldProblem?: string): string =>
    linkRequestForm(page, session, email, problem, fieldProblem);

/** The answer to a posted address: refused (400), limited (429) or the "sent" notice, then `after` (HTML). */
export async function answerLinkRequest(
  page: LinkRequest,
  session: PageSession,
  fields: URLSearchParams,
  deps: Pick<AccountPagesDeps, "mailToLog" | "selfService">,
  after = "",
): Promise<AccountPage> {
  const email = fields.get("email") ?? "";
  const outcome = await deps.selfService[page.request](email, session.ip, session.locale);
  const title = t(session, page.title);
  if ("problems" in outcome)
    return {
      title,
      status: 400,
      body: linkRequestForm(page, session, email, undefined, outcome.problems.email),
    };
  if ("retryAfterSeconds" in outcome) {
    return {
      title,
      status: 429,
      retryAfter: outcome.retryAfterSeconds,
      body: linkRequestForm(page, session, email, t(session, "acct.links_limited")),
    };
  }
  const address = `<strong>${escapeHtml(outcome.email)}</strong>`;
  return {
    title,
    body: `${sentHtml(session, tHtml(session.locale, page.sent, { email: address }), deps)}${after}`,
  };
}
