/**
 * The sections of the account page (`/account`, `/account/api-keys`), each under its own heading and anchor: API
 * keys, today's quota and the request for more, the login token for scripts, the watchlist, the researcher profile
 * (what is public said beside each field), the e-mail digests going to the account's address (with a form that
 * subscribes its watchlist at once: the address is confirmed already) and the account's data (export, delete), in
 * the page's language. Pure: what to show comes in.
 */
import type { ApiKeyRecord, Profile, QuotaRequest } from "../../../accounts/store/types.ts";
import { escapeHtml } from "../../../render/html.ts";
import { tHtml } from "../../../render/i18n.ts";
import { choicesHtml } from "../subscriptions/forms.ts";
import { buttonFormHtml, type Field, formHtml, noticeHtml, problemHtml } from "./account-html.ts";
import { loggedInHtml } from "./login-pages.ts";
import { at, type PageSession, t } from "./page-context.ts";
import { VERIFY_PATH } from "./signup-pages.ts";

export const HOME_PATH = "/account";
export const KEYS_PATH = "/account/api-keys";
export const REVOKE_PATH = "/account/api-keys/revoke";
export const PROFILE_PATH = "/account/profile";
export const QUOTA_REQUEST_PATH = "/account/quota-request";
export const EXPORT_PATH = "/account/export";
export const DELETE_PATH = "/account/delete";
/** POST: a digest of the account's watchlist to its confirmed address, started at once. */
export const DIGEST_PATH = "/account/digest";

/** One digest subscription of the account's address, as the page lists it. */
export interface DigestRow {
  /** What it follows, in words, and that list's page on the site (same-site path). */
  about: string;
  listPath: string;
  frequency: "daily" | "weekly";
  closesIn: readonly number[];
  timeZone: string;
  confirmed: boolean;
  /** The signed same-site paths to change or stop it and to unsubscribe at once. */
  manage: string;
  unsubscribe: string;
}

/** What a form sent back after a refusal: its values and a problem per field. */
export interface Refill {
  values: Record<string, string>;
  errors: Record<string, string>;
}

export interface HomeView {
  session: PageSession & { account: NonNullable<PageSession["account"]> };
  keys: readonly ApiKeyRecord[];
  quota: { limit: number; remaining: number };
  requests: readonly QuotaRequest[];
  profile: Profile;
  /** Absolute addresses of the account's watchlist page and calendar. */
  watchlist: { page: string; calendar: string };
  /** The digests going to the account's address; `watchlistDigest`: one of them follows its watchlist. */
  digests: { rows: readonly DigestRow[]; watchlistDigest: boolean } | null;
  publicBaseUrl: string;
  notice?: string;
  /** A key just created: shown this once. */
  newKey?: { key: string; label: string };
  /** The form refused, by its action path. */
  refused?: { action: string; refill: Refill; problem?: string };
}

type View = HomeView;

const date = (view: Pick<View, "session">, iso: string | null) =>
  iso ? iso.slice(0, 16).replace("T", " ") : t(view.session, "acct.never");

/** The refill and errors of `action`'s form, when it was the one refused. */
function refillOf(view: HomeView, action: string): Refill {
  return view.refused?.action === action ? view.refused.refill : { values: {}, errors: {} };
}

function field(refill: Refill, f: Field): Field {
  return { ...f, value: refill.values[f.name] ?? f.value, error: refill.errors[f.name] };
}

const heading = (view: View, id: string, key: Parameters<typeof t>[1]) =>
  `<h2 id="${id}">${escapeHtml(t(view.session, key))}</h2>`;

function keysSection(view: HomeView): string {
  const { session } = view;
  const refill = refillOf(view, KEYS_PATH);
  const fresh = view.newKey
    ? noticeHtml(`<p>${tHtml(session.locale, "acct.key_new", { label: `<strong>${escapeHtml(view.newKey.label)}</strong>` })}</p>
<p><code id="new-key" class="secret">${escapeHtml(view.newKey.key)}</code> <button type="button" data-copy="new-key">${escapeHtml(t(session, "acct.key_copy"))}</button></p>`)
    : "";
  const create = session.account.verified
    ? formHtml({
        action: at(session, KEYS_PATH),
        csrf: session.csrf,
        submit: t(session, "acct.key_create"),
        locale: session.locale,
        fields: [
          field(refill, {
            name: "label",
            label: t(session, "acct.key_label"),
            autocomplete: "off",
            required: true,
            maxLength: 100,
            hint: t(session, "acct.key_label_hint"),
          }),
        ],
      })
    : `${problemHtml(t(session, "acct.key_unverified"))}<p><a href="${at(session, VERIFY_PATH)}">${escapeHtml(t(session, "acct.key_new_link"))}</a>.</p>`;
  const rows = view.keys.map(
    (
      k,
    ) => `<tr><th scope="row">${escapeHtml(k.label ?? t(session, "acct.key_no_name"))}<br><span class="hint">${escapeHtml(k.id)}</span></th>
<td>${escapeHtml(date(view, k.createdAt))}</td><td>${escapeHtml(date(view, k.lastUsedAt))}</td><td>${k.usageCount}</td>
<td>${k.revokedAt ? escapeHtml(t(session, "acct.key_revoked_on", { date: date(view, k.revokedAt) })) : buttonFormHtml(at(session, REVOKE_PATH), session.csrf, t(session, "acct.key_revoke", { label: k.label ?? k.id }), { key_id: k.id })}</td></tr>`,
  );
  const table = view.keys.length
    ? `<div class="table-wrap"><table><caption>${escapeHtml(t(session, "acct.keys_caption"))}</caption>
<thead><tr><th scope="col">${escapeHtml(t(session, "acct.key_col"))}</th><th scope="col">${escapeHtml(t(session, "acct.key_created"))}</th><th scope="col">${escapeHtml(t(session, "acct.key_last_used"))}</th><th scope="col">${escapeHtml(t(session, "acct.key_requests"))}</th><th scope="col">${escapeHtml(t(session, "acct.key_state"))}</th></tr></thead>
<tbody>${rows.join("\n")}</tbody></table></div>`
    : `<p>${escapeHtml(t(session, "acct.keys_none"))}</p>`;
  return `<section aria-labelledby="api-keys">${heading(view, "api-keys", "acct.keys_heading")}
<p>${tHtml(session.locale, "acct.keys_intro", { header: "<code>Authorization: Bearer &lt;key&gt;</code>", api: "<code>/api</code>", mcp: "<code>/mcp</code>" })}</p>
${fresh}${create}
${table}</section>`;
}

function quotaSection(view: HomeView): string {
  const { session } = view;
  const { limit, remaining } = view.quota;
  const refill = refillOf(view, QUOTA_REQUEST_PATH);
  const open = view.requests.find((r) => r.granted === null);
  const history = view.requests.length
    ? `<ul>${view.requests
        .map(
          (r) =>
            `<li>${escapeHtml(
              r.granted === null
                ? t(session, "acct.quota_asked_waiting", {
                    date: date(view, r.createdAt),
                    n: String(r.requested),
                  })
                : t(session, "acct.quota_asked_granted", {
                    date: date(view, r.createdAt),
                    n: String(r.requested),
                    granted: String(r.granted),
                    on: date(view, r.grantedAt),
                  }),
            )}</li>`,
        )
        .join("")}</ul>`
    : "";
  const form = open
    ? `<p>${escapeHtml(t(session, "acct.quota_open", { n: String(open.requested), date: date(view, open.createdAt) }))}</p>`
    : formHtml({
        action: at(session, QUOTA_REQUEST_PATH),
        csrf: session.csrf,
        submit: t(session, "acct.quota_ask"),
        locale: session.locale,
        fields: [
          field(refill, {
            name: "requested",
            label: t(session, "acct.quota_requested"),
            type: "number",
            autocomplete: "off",
            required: true,
            hint: t(session, "acct.quota_requested_hint", { limit: String(limit) }),
          }),
          field(refill, {
            name: "reason",
            label: t(session, "acct.quota_reason"),
            type: "textarea",
            autocomplete: "off",
            required: true,
            maxLength: 2000,
            hint: t(session, "acct.quota_reason_hint"),
          }),
        ],
      });
  const figures = tHtml(session.locale, "acct.quota_used", {
    used: `<strong>${limit - remaining}</strong>`,
    limit: `<strong>${limit}</strong>`,
    remaining: `<strong>${remaining}</strong>`,
    header: "<code>X-Quota-Remaining</code>",
  });
  return `<section aria-labelledby="quota">${heading(view, "quota", "acct.quota_heading")}
<p>${figures}</p>
${history}${form}</section>`;
}

function tokenSection(view: HomeView): string {
  const email = view.session.account.email;
  const body = JSON.stringify({ email, password: "YOUR_PASSWORD" });
  return `<section aria-labelledby="login-token">${heading(view, "login-token", "acct.token_heading")}
<p>${tHtml(view.session.locale, "acct.token_intro", { post: "<code>POST /api/login</code>", token: "<code>data.token</code>" })}</p>
<pre><code>curl -X POST ${escapeHtml(view.publicBaseUrl)}/api/login -H 'Content-Type: application/json' -d '${escapeHtml(body)}'</code></pre></section>`;
}

function watchlistSection(view: HomeView): string {
  const { profile, session } = view;
  const count = profile.trackedConferences.length + profile.trackedJournals.length;
  const page = `<a href="${escapeHtml(view.watchlist.page)}">${escapeHtml(view.watchlist.page)}</a>`;
  return `<section aria-labelledby="watchlist">${heading(view, "watchlist", "acct.watchlist_heading")}
<p>${tHtml(session.locale, "acct.watchlist_intro", { count: String(count), page })}</p>
<p><code class="secret">${escapeHtml(view.watchlist.calendar)}</code> <button type="button" data-copy-text="${escapeHtml(view.watchlist.calendar)}">${escapeHtml(t(session, "acct.watchlist_copy"))}</button></p>
<p class="hint">${escapeHtml(t(session, "acct.watchlist_secret"))}</p></section>`;
}

/** The digests going to the account's address, and the form that starts one of its watchlist. */
function digestsSection(view: HomeView): string {
  const { session } = view;
  if (!view.digests) return "";
  const email = `<strong>${escapeHtml(session.account.email)}</strong>`;
  const tr = (key: Parameters<typeof t>[1], params?: Parameters<typeof t>[2]) =>
    escapeHtml(t(session, key, params));
  const rows = view.digests.rows.map((d) => {
    const reminders = d.closesIn.length
      ? d.closesIn.map((n) => t(session, n === 1 ? "digest.day" : "digest.days", { n })).join(", ")
      : t(session, "acct.digest_no_reminders");
    const state = d.confirmed ? tr("acct.digest_on") : tr("acct.digest_waiting");
    return `<li><a href="${escapeHtml(d.listPath)}">${escapeHtml(d.about)}</a>: ${tr(d.frequency === "daily" ? "digest.daily" : "digest.weekly")} · ${tr("acct.digest_reminders", { days: reminders })} · ${escapeHtml(d.timeZone)} · ${state}
<br><a href="${escapeHtml(d.manage)}">${tr("digest.manage_link")}</a> · <a href="${escapeHtml(d.unsubscribe)}">${tr("digest.unsubscribe")}</a></li>`;
  });
  const list = rows.length
    ? `<ul class="digests">${rows.join("\n")}</ul>`
    : `<p>${tHtml(session.locale, "acct.digest_none", { email })}</p>`;
  const refill = refillOf(view, DIGEST_PATH);
  const tracked = view.profile.trackedConferences.length;
  const start = !session.account.verified
    ? `<p>${tr("acct.digest_unverified")}</p>`
    : view.digests.watchlistDigest
      ? `<p>${tr("acct.digest_watchlist_listed")}</p>`
      : tracked === 0
        ? `<p>${tr("acct.digest_track_first")}</p>`
        : `<form class="account" method="post" action="${at(session, DIGEST_PATH)}" novalidate>
<input type="hidden" name="csrf" value="${escapeHtml(session.csrf)}">
${choicesHtml(
  session.locale,
  refill.values.frequency === "daily" ? "daily" : "weekly",
  (refill.values.closes_in ?? "").split(",").filter(Boolean).map(Number),
  refill.values.time_zone ?? "UTC",
)}
<button type="submit">${tr("acct.digest_start")}</button>
</form><script src="/subscribe/zone.js" defer></script>`;
  return `<section aria-labelledby="digests">${heading(view, "digests", "acct.digest_heading")}
<p>${tHtml(session.locale, "acct.digest_intro", { email })}</p>
${list}
${start}</section>`;
}

const ids = (list: readonly string[]) => list.join(", ");

function profileSection(view: HomeView): string {
  const { profile, session } = view;
  const refill = refillOf(view, PROFILE_PATH);
  const checkbox = (on: boolean) => (on ? "on" : "");
  const isPublic = refill.values.public === undefined ? profile.public : refill.values.public === "on";
  const publicWhen = t(session, "acct.profile_public_when");
  const form = formHtml({
    action: at(session, PROFILE_PATH),
    csrf: session.csrf,
    submit: t(session, "acct.profile_save"),
    locale: session.locale,
    fields: [
      field(refill, {
        name: "public",
        label: t(session, "acct.profile_show"),
        type: "checkbox",
        autocomplete: "off",
        value: checkbox(profile.public),
        hint: t(session, "acct.profile_show_hint"),
      }),
      field(refill, {
        name: "institution",
        label: t(session, "acct.institution"),
        autocomplete: "organization",
        maxLength: 200,
        value: profile.institution ?? "",
        hint: publicWhen,
      }),
      field(refill, {
        name: "cv",
        label: t(session, "acct.profile_cv"),
        type: "textarea",
        autocomplete: "off",
        maxLength: 20000,
        value: profile.cv ?? "",
        hint: t(session, "acct.profile_cv_hint"),
      }),
      field(refill, {
        name: "track",
        label: t(session, "acct.profile_track"),
        autocomplete: "off",
        value: ids(profile.trackedConferences),
        hint: t(session, "acct.profile_track_hint"),
      }),
      field(refill, {
        name: "track_journals",
        label: t(session, "acct.profile_track_journals"),
        autocomplete: "off",
        value: ids(profile.trackedJournals),
      }),
      field(refill, {
        name: "hide_tracked",
        label: t(session, "acct.profile_hide"),
        type: "checkbox",
        autocomplete: "off",
        value: checkbox(profile.hideTracked ?? false),
        hint: t(session, "acct.profile_hide_hint"),
      }),
      field(refill, {
        name: "attend",
        label: t(session, "acct.profile_attend"),
        autocomplete: "off",
        value: ids(profile.attendedConferences),
        hint: publicWhen,
      }),
    ],
  });
  const state = `<strong>${escapeHtml(t(session, isPublic ? "acct.profile_is_public" : "acct.profile_is_private"))}</strong>`;
  return `<section aria-labelledby="profile">${heading(view, "profile", "acct.profile_heading")}
<p>${tHtml(session.locale, "acct.profile_intro", { state, get: `<code>GET /api/researchers/${escapeHtml(profile.accountId)}</code>`, tool: "<code>get_researcher</code>" })}</p>
${form}</section>`;
}

function dataSection(view: HomeView): string {
  const { session } = view;
  const remove = `<a href="${at(session, DELETE_PATH)}">${escapeHtml(t(session, "acct.data_delete_link"))}</a>`;
  return `<section aria-labelledby="your-data">${heading(view, "your-data", "acct.data_heading")}
<p>${escapeHtml(t(session, "acct.data_intro"))}</p>
${buttonFormHtml(at(session, EXPORT_PATH), session.csrf, t(session, "acct.data_export"))}
<p>${tHtml(session.locale, "acct.data_delete", { link: remove })}</p></section>`;
}

/** The whole account page. */
export function homeHtml(view: HomeView): string {
  const { session } = view;
  const problem = view.refused?.problem ? problemHtml(view.refused.problem) : "";
  const toc = (
    [
      ["api-keys", "acct.toc_keys"],
      ["quota", "acct.toc_quota"],
      ["login-token", "acct.toc_token"],
      ["watchlist", "acct.toc_watchlist"],
      ...(view.digests ? [["digests", "acct.toc_digests"] as const] : []),
      ["profile", "acct.toc_profile"],
      ["your-data", "acct.toc_data"],
    ] as const
  )
    .map(([id, key]) => `<li><a href="#${id}">${escapeHtml(t(session, key))}</a></li>`)
    .join("");
  return `${problem}${view.notice ? noticeHtml(`<p>${escapeHtml(view.notice)}</p>`) : ""}${loggedInHtml(session)}
<nav aria-label="${escapeHtml(t(session, "acct.toc_label"))}"><ul class="toc">${toc}</ul></nav>
${keysSection(view)}
${quotaSection(view)}
${tokenSection(view)}
${watchlistSection(view)}
${digestsSection(view)}
${profileSection(view)}
${dataSection(view)}`;
}

/** The confirmation form of `/account/delete`. */
export function deleteFormHtml(
  session: PageSession,
  refill: Refill = { values: {}, errors: {} },
  problem?: string,
): string {
  const exportLink = `<a href="#your-data-export">${escapeHtml(t(session, "acct.delete_export_first"))}</a>`;
  return `${problem ? problemHtml(problem) : ""}<p>${tHtml(session.locale, "acct.delete_intro", { export: exportLink })}</p>
${formHtml({
  action: at(session, DELETE_PATH),
  csrf: session.csrf,
  submit: t(session, "acct.delete_submit"),
  locale: session.locale,
  fields: [
    field(refill, {
      name: "confirm",
      label: t(session, "acct.delete_confirm"),
      type: "email",
      autocomplete: "off",
      required: true,
      hint: t(session, "acct.delete_confirm_hint", { email: session.account?.email ?? "" }),
    }),
  ],
})}
<p id="your-data-export">${buttonFormHtml(at(session, EXPORT_PATH), session.csrf, t(session, "acct.data_export"))} · <a href="${at(session, HOME_PATH)}">${escapeHtml(t(session, "acct.back"))}</a></p>`;
}
