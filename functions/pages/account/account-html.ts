/**
 * How the account pages look: a heading, messages, and forms whose fields carry their label, their rules (shown
 * before submitting) and their error beside them (aria-describedby, aria-invalid), refilled after a refusal except
 * for passwords. Every page goes inside the built `account.html` frame (the site's layout), with its own <title>,
 * `Cache-Control: no-store` (they hold a form token or say who is logged in) and the cookies it sets. A Chinese page
 * (`/zh/account/…`) goes inside the Chinese frame, whose language switch leads back to the same page in English.
 */
import { escapeHtml } from "../../../render/html.ts";
import {
  LANGUAGE_TAG,
  type Locale,
  localeOfPath,
  localePath,
  t,
  unlocalizedPath,
} from "../../../render/i18n.ts";
import { framedPage, readFrame } from "../frame.ts";

export const FRAME = "account";

export interface Field {
  name: string;
  label: string;
  type?: "text" | "email" | "password" | "number" | "textarea" | "checkbox";
  value?: string;
  /** The autocomplete token (email, new-password, current-password, name, organization). */
  autocomplete: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** The field's rules, shown under its label before anything is sent. */
  hint?: string;
  error?: string;
}

export function fieldHtml(f: Field, locale: Locale = "en"): string {
  const id = `f-${f.name}`;
  const described = [f.hint ? `${id}-hint` : "", f.error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const kind = f.type ?? "text";
  const attributes = [
    `id="${id}"`,
    `name="${escapeHtml(f.name)}"`,
    kind === "textarea" ? "" : `type="${kind}"`,
    `autocomplete="${escapeHtml(f.autocomplete)}"`,
    kind === "password" || kind === "textarea" || kind === "checkbox"
      ? ""
      : `value="${escapeHtml(f.value ?? "")}"`,
    // A checkbox's value is "on" when ticked; `value` says whether it is.
    kind === "checkbox" && f.value === "on" ? "checked" : "",
    f.required ? "required" : "",
    f.minLength ? `minlength="${f.minLength}"` : "",
    f.maxLength ? `maxlength="${f.maxLength}"` : "",
    described ? `aria-describedby="${described}"` : "",
    f.error ? `aria-invalid="true"` : "",
  ].filter(Boolean);
  const notes = `${f.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(f.hint)}</p>` : ""}${f.error ? `<p class="field-error" id="${id}-error">${escapeHtml(f.error)}</p>` : ""}`;
  if (kind === "checkbox")
    return `<label for="${id}" class="check"><input ${attributes.join(" ")}> ${escapeHtml(f.label)}</label>\n${notes}`;
  const control =
    kind === "textarea"
      ? `<textarea ${attributes.join(" ")} rows="6">${escapeHtml(f.value ?? "")}</textarea>`
      : `<input ${attributes.join(" ")}>`;
  return `<label for="${id}">${escapeHtml(f.label)}${f.required ? "" : ` <span class="hint">${escapeHtml(t(locale, "acct.optional"))}</span>`}</label>
${notes}${control}`;
}

export interface FormSpec {
  action: string;
  csrf: string;
  fields: readonly Field[];
  submit: string;
  /** Hidden fields besides the CSRF token (next, token). */
  hidden?: Record<string, string>;
  /** The page's language (the "(optional)" note); default English. */
  locale?: Locale;
}

export function formHtml(form: FormSpec): string {
  const hidden = { ...form.hidden, csrf: form.csrf };
  return `<form class="account" method="post" action="${escapeHtml(form.action)}" novalidate>
${Object.entries(hidden)
  .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
  .join("\n")}
${form.fields.map((f) => `<div>${fieldHtml(f, form.locale)}</div>`).join("\n")}
<button type="submit">${escapeHtml(form.submit)}</button>
</form>`;
}

/** A one-button form (log out, send the link again). */
export function buttonFormHtml(
  action: string,
  csrf: string,
  label: string,
  hidden: Record<string, string> = {},
) {
  return formHtml({ action, csrf, fields: [], submit: label, hidden }).replace(
    'class="account"',
    'class="account inline"',
  );
}

/** A problem with the whole request (not one field), read out when the page loads. */
export const problemHtml = (text: string) => `<p class="problem" role="alert">${escapeHtml(text)}</p>`;
export const noticeHtml = (html: string) => `<div class="notice" role="status">${html}</div>`;

export interface AccountPage {
  title: string;
  /** The page's HTML under its heading (already escaped). */
  body: string;
  status?: number;
  setCookies?: readonly string[];
  /** Seconds, for a 429. */
  retryAfter?: number;
}

/** Without the built frame (a site built before it existed), the page stands alone: still a whole, usable page. */
const BARE_FRAME = (title: string, locale: Locale) =>
  `<!doctype html><html lang="${LANGUAGE_TAG[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main id="main"><!--${FRAME}--></main></body></html>`;

/** The frame's language-switch links (`data-lang-switch`) name /account: they are pointed at this very page. */
const SWITCH_HREF = /href="[^"]*"(?=[^>]*data-lang-switch=)/g;

export async function accountPage(req: Request, siteDir: string, page: AccountPage): Promise<Response> {
  const pathname = new URL(req.url).pathname;
  const locale = localeOfPath(pathname);
  const other: Locale = locale === "en" ? "zh" : "en";
  const title = `${escapeHtml(page.title)} · Venue Directory`;
  const built = await readFrame(siteDir, FRAME, locale);
  const here = escapeHtml(localePath(other, unlocalizedPath(pathname)));
  const frame = built
    ? {
        ...built,
        text: built.text
          .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
          .replace(SWITCH_HREF, `href="${here}"`),
      }
    : {
        text: BARE_FRAME(title, locale),
        csp: "default-src 'self'; form-action 'self'; frame-ancestors 'none'",
      };
  const html = `<h1>${escapeHtml(page.title)}</h1>\n${page.body}`;
  const answer = framedPage(req, frame, FRAME, html, page.status ?? 200, "no-store");
  for (const cookie of page.setCookies ?? []) answer.headers.append("set-cookie", cookie);
  if (page.retryAfter) answer.headers.set("retry-after", String(page.retryAfter));
  return answer;
}

/** 303 See Other to `location` (after a POST, the browser GETs it), with the cookies given. */
export function redirect(location: string, setCookies: readonly string[] = []): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const cookie of setCookies) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}
