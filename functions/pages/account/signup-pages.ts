/**
 * `/account/signup` (the form, then "check your mail"), `/account/verify?token=` (follows a confirmation link) and
 * `/account/verify` without a token (asks for another link). The answers never say whether an address has an
 * account (accounts/auth/self-service.ts).
 */
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../../accounts/auth/passwords.ts";
import type { FieldProblems } from "../../../accounts/auth/self-service.ts";
import { escapeHtml } from "../../../render/html.ts";
import { tHtml } from "../../../render/i18n.ts";
import { type AccountPage, type Field, formHtml, noticeHtml, problemHtml } from "./account-html.ts";
import {
  answerLinkRequest,
  emailField,
  type LinkRequest,
  linkRequestFormOf,
  sentHtml,
} from "./link-request.ts";
import { loginPath } from "./next-path.ts";
import { type AccountPagesDeps, at, type PageSession, t } from "./page-context.ts";

export const SIGNUP_PATH = "/account/signup";
export const VERIFY_PATH = "/account/verify";

/** "You are logged in as <email>. Your account." */
export const loggedInAsHtml = (session: Pick<PageSession, "locale">, email: string) =>
  tHtml(session.locale, "acct.logged_in_as", {
    email: `<strong>${escapeHtml(email)}</strong>`,
    account: `<a href="${at(session, "/account")}">${escapeHtml(t(session, "acct.your_account"))}</a>`,
  });

/** The password rules shown under a new-password field, before anything is sent. */
export const passwordRules = (session: Pick<PageSession, "locale">) =>
  t(session, "acct.password_rules", { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH });

/** The field choosing a new password (sign-up, reset), its rules shown under it; never refilled. */
export const newPasswordField = (
  session: Pick<PageSession, "locale">,
  label: string,
  error?: string,
): Field => ({
  name: "password",
  label,
  type: "password",
  autocomplete: "new-password",
  required: true,
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: MAX_PASSWORD_LENGTH,
  hint: passwordRules(session),
  error,
});

/** The link to the log-in form, in the page's language. */
export const loginLinkHtml = (session: Pick<PageSession, "locale">) =>
  `<a href="${at(session, "/account/login")}">${escapeHtml(t(session, "acct.login"))}</a>`;

export interface SignupValues {
  email?: string;
  name?: string;
  institution?: string;
}

export function signupForm(
  session: PageSession,
  values: SignupValues = {},
  problems: FieldProblems = {},
  problem?: string,
): string {
  const login = loginLinkHtml(session);
  return `${problem ? problemHtml(problem) : ""}<p>${tHtml(session.locale, "acct.signup_intro", { login })}</p>
${formHtml({
  action: at(session, SIGNUP_PATH),
  csrf: session.csrf,
  submit: t(session, "acct.signup"),
  locale: session.locale,
  fields: [
    emailField(session, values.email, problems.email, t(session, "acct.signup_email_hint")),
    newPasswordField(session, t(session, "acct.password"), problems.password),
    {
      name: "name",
      label: t(session, "acct.name"),
      autocomplete: "name",
      required: true,
      maxLength: 200,
      value: values.name,
      hint: t(session, "acct.name_hint"),
      error: problems.name,
    },
    {
      name: "institution",
      label: t(session, "acct.institution"),
      autocomplete: "organization",
      maxLength: 200,
      value: values.institution,
      error: problems.institution,
    },
  ],
})}`;
}

/** The address form asking for a new confirmation link. */
const RESEND: LinkRequest = {
  path: VERIFY_PATH,
  request: "resendVerification",
  intro: "acct.resend_intro",
  submit: "acct.resend",
  title: "acct.confirm_title",
  sent: "acct.resend_sent",
};

export const resendForm = linkRequestFormOf(RESEND);

export const signupValues = (fields: URLSearchParams): SignupValues => ({
  email: fields.get("email") ?? "",
  name: fields.get("name") ?? "",
  institution: fields.get("institution") ?? "",
});

export function signupPages(deps: AccountPagesDeps) {
  const signUpPage = (session: PageSession): AccountPage => ({
    title: t(session, "acct.signup"),
    body: session.account ? `<p>${loggedInAsHtml(session, session.account.email)}</p>` : signupForm(session),
  });

  const signUp = async (session: PageSession, fields: URLSearchParams): Promise<AccountPage> => {
    const values = signupValues(fields);
    const outcome = await deps.selfService.signUp(
      {
        email: values.email ?? "",
        password: fields.get("password") ?? "",
        name: values.name ?? "",
        institution: values.institution,
      },
      session.ip,
      session.locale,
    );
    if ("problems" in outcome) {
      return {
        title: t(session, "acct.signup"),
        status: 400,
        body: signupForm(session, values, outcome.problems, t(session, "acct.fields_problem")),
      };
    }
    if ("retryAfterSeconds" in outcome) {
      return {
        title: t(session, "acct.signup"),
        status: 429,
        retryAfter: outcome.retryAfterSeconds,
        body: signupForm(session, values, {}, t(session, "acct.signup_limited")),
      };
    }
    const email = `<strong>${escapeHtml(outcome.email)}</strong>`;
    const again = `<a href="${at(session, VERIFY_PATH)}">${escapeHtml(t(session, "acct.ask_new_link"))}</a>`;
    return {
      title: t(session, "acct.confirm_title"),
      body: `${sentHtml(session, tHtml(session.locale, "acct.signup_sent", { email }), deps)}<p>${tHtml(session.locale, "acct.signup_follow", { hours: String(deps.selfService.settings.verifyLinkHours), again })}</p>`,
    };
  };

  const verify = async (session: PageSession, token: string): Promise<AccountPage> => {
    const account = await deps.selfService.verify(token);
    if (!account) {
      return {
        title: t(session, "acct.confirm_title"),
        status: 400,
        body: resendForm(session, "", t(session, "acct.verify_expired")),
      };
    }
    const email = `<strong>${escapeHtml(account.email)}</strong>`;
    const login = `<a href="${escapeHtml(loginPath("/account", session.locale))}">${escapeHtml(t(session, "acct.login"))}</a>`;
    return {
      title: t(session, "acct.verified_title"),
      body: `${noticeHtml(`<p>${tHtml(session.locale, "acct.verified", { email })}</p>`)}<p>${tHtml(session.locale, "acct.verified_login", { login })}</p>`,
    };
  };

  const resend = (session: PageSession, fields: URLSearchParams): Promise<AccountPage> =>
    answerLinkRequest(RESEND, session, fields, deps);

  return { signUpPage, signUp, verify, resend };
}
