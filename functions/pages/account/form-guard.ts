/**
 * The cookies of the account pages and the CSRF protection of their forms.
 *
 * - `vd_session`: the log-in session's random token (accounts/auth/sessions.ts), HttpOnly, SameSite=Lax, Path=/,
 *   Secure when PUBLIC_BASE_URL is https, for the session's lifetime.
 * - `vd_form`: before any log-in, a random value the forms' tokens are bound to (a signed double-submit cookie),
 *   HttpOnly, SameSite=Lax, Path=/account, for a day.
 * - Every form carries `csrf`: HMAC-SHA256 of the session token (logged in) or of `vd_form` (logged out), under a key
 *   generated once and kept in the state store (so every instance agrees). A page elsewhere can read neither cookie,
 *   so it cannot make the token; a POST without the right one changes nothing.
 * - Beside the token, a POST whose Origin or Sec-Fetch-Site names another site is refused outright (edge/same-site.ts,
 *   the check watchlist creation uses, which knows this service's hosts). hono's csrf middleware makes only that
 *   Origin check, against an origin list of its own; a token also covers a browser or proxy that drops Origin.
 */

import { createHmac, randomBytes } from "node:crypto";
import { parse, serialize } from "hono/utils/cookie";
import { sameSignature, storedSigningKey } from "../../../accounts/auth/signing-key.ts";
import type { SettingStore } from "../../../accounts/store/types.ts";
import { type Locale, t } from "../../../render/i18n.ts";
import { DAY_MS } from "../../../runtime/clock.ts";
import { crossSiteRefusal } from "../../edge/same-site.ts";

export const SESSION_COOKIE = "vd_session";
export const FORM_COOKIE = "vd_form";
const FORM_COOKIE_PATH = "/account";
/** The setting that keeps the forms' HMAC key. */
export const FORM_KEY_SETTING = "form_csrf_key";

export interface FormGuardOptions {
  /** PUBLIC_BASE_URL is https: cookies are Secure. */
  secure: boolean;
  /** This service's host names (a form POST from elsewhere is refused). */
  allowedHosts: ReadonlySet<string>;
}

/** What the request's cookies say, and the CSRF token its forms carry. */
export interface FormContext {
  /** The session cookie's value, when there is one. */
  sessionToken: string | null;
  /** The form cookie's value; new (and to be set) when the browser sent none. */
  formCookie: string;
  /** Set-Cookie header values this answer must carry (a new form cookie). */
  setCookies: string[];
}

export interface FormGuard {
  /** Reads the cookies; gives a form cookie to a browser without one. */
  context(req: Request): FormContext;
  /** The CSRF token of the forms of a page answered with `ctx` (bound to the session when logged in). */
  token(ctx: FormContext, sessionToken?: string | null): Promise<string>;
  /** Why this form POST is refused (another site's page, a missing or wrong token), or null when it may proceed. */
  refusal(req: Request, ctx: FormContext, sent: string | null, locale?: Locale): Promise<string | null>;
  /** The Set-Cookie value that starts a session, and the one that ends it. */
  sessionCookie(token: string, maxAgeMs: number): string;
  clearedSessionCookie(): string;
}

const hmac = (key: string, binding: string) => createHmac("sha256", key).update(binding).digest("base64url");

export function formGuard(store: SettingStore, options: FormGuardOptions): FormGuard {
  const formKey = storedSigningKey(store, FORM_KEY_SETTING);
  const cookie = (name: string, value: string, path: string, maxAgeMs: number) =>
    serialize(name, value, {
      path,
      httpOnly: true,
      sameSite: "Lax",
      secure: options.secure,
      maxAge: Math.floor(maxAgeMs / 1000),
    });
  const binding = (ctx: FormContext, sessionToken: string | null | undefined) =>
    sessionToken ? `session:${sessionToken}` : `form:${ctx.formCookie}`;

  return {
    context(req) {
      const jar = parse(req.headers.get("cookie") ?? "");
      const sent = jar[FORM_COOKIE];
      const formCookie =
        sent && /^[A-Za-z0-9_-]{22,64}$/.test(sent) ? sent : randomBytes(16).toString("base64url");
      return {
        sessionToken: jar[SESSION_COOKIE] ?? null,
        formCookie,
        setCookies: formCookie === sent ? [] : [cookie(FORM_COOKIE, formCookie, FORM_COOKIE_PATH, DAY_MS)],
      };
    },
    token: async (ctx, sessionToken = null) => hmac(await formKey(), binding(ctx, sessionToken)),
    async refusal(req, ctx, sent, locale = "en") {
      const crossSite = crossSiteRefusal(req, options.allowedHosts);
      if (crossSite) return t(locale, "acct.cross_site", { reason: crossSite });
      const expired = t(locale, "acct.form_expired");
      if (!sent) return expired;
      // A token made for the session, or for the form cookie (a form loaded before logging in or out).
      const key = await formKey();
      const candidates = [
        ctx.sessionToken ? hmac(key, `session:${ctx.sessionToken}`) : null,
        hmac(key, `form:${ctx.formCookie}`),
      ];
      // A new form cookie means the browser sent none: no token can match it.
      if (ctx.setCookies.length > 0 && !ctx.sessionToken) return t(locale, "acct.no_cookie");
      return candidates.some((c) => c !== null && sameSignature(c, sent)) ? null : expired;
    },
    sessionCookie: (token, maxAgeMs) => cookie(SESSION_COOKIE, token, "/", maxAgeMs),
    clearedSessionCookie: () => cookie(SESSION_COOKIE, "", "/", 0),
  };
}
