/**
 * What every account page handler gets: the services, and for each request its client address, cookies and form
 * token, the logged-in account (if any), and a POST's fields once its CSRF token and Origin were checked.
 *
 * This is the seam for further account pages (the account page, its keys): `sessionOf(req)` gives the logged-in
 * account and the CSRF token its forms must carry, `postedForm(req, session)` a POST's checked fields, and
 * `loginPath(path)` (next-path.ts) where to send a reader who is not logged in. Every page answers in English at
 * its address and in Chinese under /zh/: `session.locale` is the request's language, `t(session, key)` its words
 * (render/messages, `acct.*`) and `at(session, path)` a path of this site in that language.
 */
import type { Login } from "../../../accounts/auth/login.ts";
import type { SelfService } from "../../../accounts/auth/self-service.ts";
import type { Sessions } from "../../../accounts/auth/sessions.ts";
import type { Account } from "../../../accounts/store/types.ts";
import {
  type Locale,
  localeOfPath,
  localePath,
  type MessageKey,
  type MessageParams,
  t as translate,
} from "../../../render/i18n.ts";
import type { FormContext, FormGuard } from "./form-guard.ts";

export interface AccountPagesDeps {
  selfService: SelfService;
  login: Pick<Login, "authenticate">;
  sessions: Sessions;
  guard: FormGuard;
  siteDir: string;
  /** Mail is written to the server log (SMTP_URL unset): the pages say where the links are. */
  mailToLog: boolean;
}

/** One request as the account pages see it. */
export interface PageSession {
  ip: string;
  /** The page's language, from its address (`/zh/account/…` → zh). */
  locale: Locale;
  form: FormContext;
  /** The logged-in account, or null. */
  account: Account | null;
  /** The token every form of this page carries (bound to the session when logged in). */
  csrf: string;
}

/** A POST's fields, taken or refused (the refused ones refill the form). */
export type PostedForm =
  | { ok: true; fields: URLSearchParams }
  | { ok: false; problem: string; status: 403 | 415; fields: URLSearchParams };

/** The forms post URL-encoded fields (the browser's default); nothing else is taken. */
const FORM_TYPE = "application/x-www-form-urlencoded";

export function pageSessions(deps: Pick<AccountPagesDeps, "guard" | "sessions">) {
  const sessionOf = async (req: Request, ip: string): Promise<PageSession> => {
    const form = deps.guard.context(req);
    const account = await deps.sessions.account(form.sessionToken);
    const csrf = await deps.guard.token(form, account ? form.sessionToken : null);
    return { ip, locale: localeOfPath(new URL(req.url).pathname), form, account, csrf };
  };

  /** A POST's fields, once it is a form, from this site, with the right token; else why not. */
  const postedForm = async (req: Request, session: PageSession): Promise<PostedForm> => {
    const type = (req.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (type !== FORM_TYPE)
      return {
        ok: false,
        problem: t(session, "acct.form_type", { type: FORM_TYPE }),
        status: 415,
        fields: new URLSearchParams(),
      };
    const fields = new URLSearchParams(await req.text());
    const refused = await deps.guard.refusal(req, session.form, fields.get("csrf"), session.locale);
    return refused ? { ok: false, problem: refused, status: 403, fields } : { ok: true, fields };
  };

  return { sessionOf, postedForm };
}

export type PageSessions = ReturnType<typeof pageSessions>;

/** A message in the page's language. */
export const t = (session: Pick<PageSession, "locale">, key: MessageKey, params?: MessageParams) =>
  translate(session.locale, key, params);

/** A path of this site in the page's language: "/account/login" → "/zh/account/login" on a Chinese page. */
export const at = (session: Pick<PageSession, "locale">, path: string) => localePath(session.locale, path);
