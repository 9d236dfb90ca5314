/**
 * `/account/signup` (the form, then "check your mail"), `/account/verify?token=` (follows a confirmation link) and
 * `/account/verify` without a token (asks for another link). The answers never say whether an address has an
 * account (accounts/auth/self-service.ts).
 */
import { PASSWORD_RULES } from "../../../accounts/auth/password-policy.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../../accounts/auth/passwords.ts";
import type { FieldProblems } from "../../../accounts/auth/self-service.ts";
import { escapeHtml } from "../../../render/html.ts";
import { type AccountPage, formHtml, noticeHtml, problemHtml } from "./account-html.ts";
import type { AccountPagesDeps, PageSession } from "./page-context.ts";

export const SIGNUP_PATH = "/account/signup";
export const VERIFY_PATH = "/account/verify";

/**
 * What the pages say once a link was (or would have been) sent: `lead` says to whom, in words that hold whether or
 * not the address has an account.
 */
export function sentHtml(lead: string, deps: Pick<AccountPagesDeps, "mailToLog">): string {
  const where = deps.mailToLog
    ? "<p>This server sends no mail (<code>SMTP_URL</code> is not set): the link is written to the server's log, where its operator can find it.</p>"
    : "<p>It can take a few minutes. Look in your spam folder too.</p>";
  return noticeHtml(`<p>${lead}</p>${where}`);
}

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
  return `${problem ? problemHtml(problem) : ""}<p>An account lets you create API keys (200 requests a day instead of 50, and the detail endpoints). Already have one? <a href="/account/login">Log in</a>.</p>
${formHtml({
  action: SIGNUP_PATH,
  csrf: session.csrf,
  submit: "Sign up",
  fields: [
    {
      name: "email",
      label: "E-mail address",
      type: "email",
      autocomplete: "email",
      required: true,
      maxLength: 254,
      value: values.email,
      hint: "We send a link to confirm it; you can create API keys once it is confirmed.",
      error: problems.email,
    },
    {
      name: "password",
      label: "Password",
      type: "password",
      autocomplete: "new-password",
      required: true,
      minLength: MIN_PASSWORD_LENGTH,
      maxLength: MAX_PASSWORD_LENGTH,
      hint: PASSWORD_RULES,
      error: problems.password,
    },
    {
      name: "name",
      label: "Name",
      autocomplete: "name",
      required: true,
      maxLength: 200,
      value: values.name,
      hint: "Shown on your public researcher profile (you can hide the profile later).",
      error: problems.name,
    },
    {
      name: "institution",
      label: "Institution",
      autocomplete: "organization",
      maxLength: 200,
      value: values.institution,
      error: problems.institution,
    },
  ],
})}`;
}

export function resendForm(
  session: PageSession,
  email = "",
  problem?: string,
  fieldProblem?: string,
): string {
  return `${problem ? problemHtml(problem) : ""}<p>Did the confirmation mail not arrive, or did its link expire? Ask for a new one.</p>
${formHtml({
  action: VERIFY_PATH,
  csrf: session.csrf,
  submit: "Send a new link",
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

export const signupValues = (fields: URLSearchParams): SignupValues => ({
  email: fields.get("email") ?? "",
  name: fields.get("name") ?? "",
  institution: fields.get("institution") ?? "",
});

export function signupPages(deps: AccountPagesDeps) {
  const signUpPage = (session: PageSession): AccountPage => ({
    title: "Sign up",
    body: session.account
      ? `<p>You are logged in as ${escapeHtml(session.account.email)}. <a href="/account">Your account</a>.</p>`
      : signupForm(session),
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
    );
    if ("problems" in outcome) {
      return {
        title: "Sign up",
        status: 400,
        body: signupForm(session, values, outcome.problems, "Some fields need changing: see below."),
      };
    }
    if ("retryAfterSeconds" in outcome) {
      return {
        title: "Sign up",
        status: 429,
        retryAfter: outcome.retryAfterSeconds,
        body: signupForm(
          session,
          values,
          {},
          "Too many sign-ups and link requests from your network this hour: nothing was sent. Try again in an hour.",
        ),
      };
    }
    return {
      title: "Confirm your e-mail address",
      body: `${sentHtml(`A mail is on its way to <strong>${escapeHtml(outcome.email)}</strong>.`, deps)}<p>Follow it within ${deps.selfService.settings.verifyLinkHours} hours to finish signing up. No mail? <a href="${VERIFY_PATH}">Ask for a new link</a>.</p>`,
    };
  };

  const verify = async (session: PageSession, token: string): Promise<AccountPage> => {
    const account = await deps.selfService.verify(token);
    if (!account) {
      return {
        title: "Confirm your e-mail address",
        status: 400,
        body: resendForm(session, "", "This confirmation link has expired or was already used."),
      };
    }
    return {
      title: "E-mail address confirmed",
      body: `${noticeHtml(`<p>Thank you: <strong>${escapeHtml(account.email)}</strong> is confirmed.</p>`)}<p><a href="/account/login?next=%2Faccount">Log in</a> to create your API keys.</p>`,
    };
  };

  const resend = async (session: PageSession, fields: URLSearchParams): Promise<AccountPage> => {
    const email = fields.get("email") ?? "";
    const outcome = await deps.selfService.resendVerification(email, session.ip);
    if ("problems" in outcome)
      return {
        title: "Confirm your e-mail address",
        status: 400,
        body: resendForm(session, email, undefined, outcome.problems.email),
      };
    if ("retryAfterSeconds" in outcome) {
      return {
        title: "Confirm your e-mail address",
        status: 429,
        retryAfter: outcome.retryAfterSeconds,
        body: resendForm(
          session,
          email,
          "Too many link requests from your network this hour: nothing was sent. Try again in an hour.",
        ),
      };
    }
    return {
      title: "Confirm your e-mail address",
      body: sentHtml(
        `If <strong>${escapeHtml(outcome.email)}</strong> has an account waiting for confirmation, a mail with a new link is on its way.`,
        deps,
      ),
    };
  };

  return { signUpPage, signUp, verify, resend };
}
