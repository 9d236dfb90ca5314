/**
 * The sections of the account page (`/account`, `/account/api-keys`), each under its own heading and anchor: API
 * keys, today's quota and the request for more, the login token for scripts, the watchlist, the researcher profile
 * (what is public said beside each field), and the account's data (export, delete). Pure: what to show comes in.
 */
import type { ApiKeyRecord, Profile, QuotaRequest } from "../../../accounts/store/types.ts";
import { escapeHtml } from "../../../render/html.ts";
import { buttonFormHtml, type Field, formHtml, noticeHtml, problemHtml } from "./account-html.ts";
import { loggedInHtml } from "./login-pages.ts";
import type { PageSession } from "./page-context.ts";
import { VERIFY_PATH } from "./signup-pages.ts";

export const HOME_PATH = "/account";
export const KEYS_PATH = "/account/api-keys";
export const REVOKE_PATH = "/account/api-keys/revoke";
export const PROFILE_PATH = "/account/profile";
export const QUOTA_REQUEST_PATH = "/account/quota-request";
export const EXPORT_PATH = "/account/export";
export const DELETE_PATH = "/account/delete";

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
  publicBaseUrl: string;
  notice?: string;
  /** A key just created: shown this once. */
  newKey?: { key: string; label: string };
  /** The form refused, by its action path. */
  refused?: { action: string; refill: Refill; problem?: string };
}

const date = (iso: string | null) => (iso ? escapeHtml(iso.slice(0, 16).replace("T", " ")) : "never");

/** The refill and errors of `action`'s form, when it was the one refused. */
function refillOf(view: HomeView, action: string): Refill {
  return view.refused?.action === action ? view.refused.refill : { values: {}, errors: {} };
}

function field(refill: Refill, f: Field): Field {
  return { ...f, value: refill.values[f.name] ?? f.value, error: refill.errors[f.name] };
}

function keysSection(view: HomeView): string {
  const { session } = view;
  const refill = refillOf(view, KEYS_PATH);
  const fresh = view.newKey
    ? noticeHtml(`<p>Your new key <strong>${escapeHtml(view.newKey.label)}</strong> is shown this once: copy it now. Only its hash is kept, so nobody can show it again.</p>
<p><code id="new-key" class="secret">${escapeHtml(view.newKey.key)}</code> <button type="button" data-copy="new-key">Copy the key</button></p>`)
    : "";
  const create = session.account.verified
    ? formHtml({
        action: KEYS_PATH,
        csrf: session.csrf,
        submit: "Create a key",
        fields: [
          field(refill, {
            name: "label",
            label: "Name of the new key",
            autocomplete: "off",
            required: true,
            maxLength: 100,
            hint: "Where you will use it, such as “laptop” or “lab server”: at most 100 characters.",
          }),
        ],
      })
    : `${problemHtml("Your e-mail address is not confirmed yet, and the service gives API keys to confirmed accounts only: follow the link in the mail we sent.")}<p><a href="${VERIFY_PATH}">Send me a new confirmation link</a>.</p>`;
  const rows = view.keys.map(
    (
      k,
    ) => `<tr><th scope="row">${escapeHtml(k.label ?? "(no name)")}<br><span class="hint">${escapeHtml(k.id)}</span></th>
<td>${date(k.createdAt)}</td><td>${date(k.lastUsedAt)}</td><td>${k.usageCount}</td>
<td>${k.revokedAt ? `revoked ${date(k.revokedAt)}` : buttonFormHtml(REVOKE_PATH, session.csrf, `Revoke ${k.label ?? k.id}`, { key_id: k.id })}</td></tr>`,
  );
  const table = view.keys.length
    ? `<div class="table-wrap"><table><caption>Your keys (times in UTC)</caption>
<thead><tr><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Requests</th><th scope="col">State</th></tr></thead>
<tbody>${rows.join("\n")}</tbody></table></div>`
    : "<p>You have no API key yet.</p>";
  return `<section aria-labelledby="api-keys"><h2 id="api-keys">API keys</h2>
<p>Send a key as <code>Authorization: Bearer &lt;key&gt;</code> to <code>/api</code> and <code>/mcp</code>: it opens the detail endpoints and the MCP detail tools. A revoked key is refused (401) from its next request.</p>
${fresh}${create}
${table}</section>`;
}

function quotaSection(view: HomeView): string {
  const { limit, remaining } = view.quota;
  const refill = refillOf(view, QUOTA_REQUEST_PATH);
  const open = view.requests.find((r) => r.granted === null);
  const history = view.requests.length
    ? `<ul>${view.requests
        .map(
          (r) =>
            `<li>${date(r.createdAt)}: ${r.requested} a day — ${r.granted === null ? "waiting for the operator" : `granted ${r.granted} a day on ${date(r.grantedAt)}`}</li>`,
        )
        .join("")}</ul>`
    : "";
  const form = open
    ? `<p>You asked for ${open.requested} requests a day on ${date(open.createdAt)}; the operator answers by e-mail.</p>`
    : formHtml({
        action: QUOTA_REQUEST_PATH,
        csrf: view.session.csrf,
        submit: "Ask for a higher quota",
        fields: [
          field(refill, {
            name: "requested",
            label: "Requests a day you need",
            type: "number",
            autocomplete: "off",
            required: true,
            hint: `More than your ${limit} today; the operator decides.`,
          }),
          field(refill, {
            name: "reason",
            label: "What the requests are for",
            type: "textarea",
            autocomplete: "off",
            required: true,
            maxLength: 2000,
            hint: "A few words for the operator (10 to 2,000 characters).",
          }),
        ],
      });
  return `<section aria-labelledby="quota"><h2 id="quota">Today's quota</h2>
<p><strong>${limit - remaining}</strong> of <strong>${limit}</strong> requests used today, <strong>${remaining}</strong> left (the figure <code>X-Quota-Remaining</code> gives). All your keys and login tokens share it, REST and MCP together; it starts again at 00:00 UTC.</p>
${history}${form}</section>`;
}

function tokenSection(view: HomeView): string {
  const email = view.session.account.email;
  const body = JSON.stringify({ email, password: "YOUR_PASSWORD" });
  return `<section aria-labelledby="login-token"><h2 id="login-token">Login token for scripts</h2>
<p>A script can log in instead of keeping a key: <code>POST /api/login</code> with your e-mail address and password answers a token (<code>data.token</code>) that works like a key for 180 days. A password reset ends every token issued before it.</p>
<pre><code>curl -X POST ${escapeHtml(view.publicBaseUrl)}/api/login -H 'Content-Type: application/json' -d '${escapeHtml(body)}'</code></pre></section>`;
}

function watchlistSection(view: HomeView): string {
  const { profile } = view;
  const count = profile.trackedConferences.length + profile.trackedJournals.length;
  return `<section aria-labelledby="watchlist"><h2 id="watchlist">Your watchlist</h2>
<p>The venues you track (${count}) are your watchlist: its page <a href="${escapeHtml(view.watchlist.page)}">${escapeHtml(view.watchlist.page)}</a> and its calendar address, which stays the same as you track more venues:</p>
<p><code class="secret">${escapeHtml(view.watchlist.calendar)}</code> <button type="button" data-copy-text="${escapeHtml(view.watchlist.calendar)}">Copy the calendar address</button></p>
<p class="hint">The address is the calendar's only credential: share it only with whom may see your tracked venues.</p></section>`;
}

const ids = (list: readonly string[]) => list.join(", ");

function profileSection(view: HomeView): string {
  const { profile, session } = view;
  const refill = refillOf(view, PROFILE_PATH);
  const checkbox = (on: boolean) => (on ? "on" : "");
  const isPublic = refill.values.public === undefined ? profile.public : refill.values.public === "on";
  const form = formHtml({
    action: PROFILE_PATH,
    csrf: session.csrf,
    submit: "Save the profile",
    fields: [
      field(refill, {
        name: "public",
        label: "Show my researcher profile",
        type: "checkbox",
        autocomplete: "off",
        value: checkbox(profile.public),
        hint: "Public: anyone with a key reads it by your id; private: it answers 404 like an unknown id.",
      }),
      field(refill, {
        name: "institution",
        label: "Institution",
        autocomplete: "organization",
        maxLength: 200,
        value: profile.institution ?? "",
        hint: "Public when the profile is.",
      }),
      field(refill, {
        name: "cv",
        label: "CV",
        type: "textarea",
        autocomplete: "off",
        maxLength: 20000,
        value: profile.cv ?? "",
        hint: "Public when the profile is; e-mail addresses, phone numbers and their links are shown as [contact removed]. At most 20,000 characters.",
      }),
      field(refill, {
        name: "track",
        label: "Conferences you track (ids, comma-separated)",
        autocomplete: "off",
        value: ids(profile.trackedConferences),
        hint: "Your watchlist. The id is the number in a venue's address (/conference/406).",
      }),
      field(refill, {
        name: "track_journals",
        label: "Journals you track (ids, comma-separated)",
        autocomplete: "off",
        value: ids(profile.trackedJournals),
      }),
      field(refill, {
        name: "hide_tracked",
        label: "Hide the venues I track from my public profile",
        type: "checkbox",
        autocomplete: "off",
        value: checkbox(profile.hideTracked ?? false),
        hint: "They stay your watchlist and still count among a venue's trackers (a number, never who).",
      }),
      field(refill, {
        name: "attend",
        label: "Conferences you attended (ids, comma-separated)",
        autocomplete: "off",
        value: ids(profile.attendedConferences),
        hint: "Public when the profile is.",
      }),
    ],
  });
  return `<section aria-labelledby="profile"><h2 id="profile">Researcher profile</h2>
<p>Your profile is <strong>${isPublic ? "public" : "private"}</strong>. When public, <code>GET /api/researchers/${escapeHtml(profile.accountId)}</code> (and MCP <code>get_researcher</code>) shows your name, institution, CV, the venues you track (unless hidden below) and attended, and a summary of research interests generated from those venues. It never shows your e-mail address.</p>
${form}</section>`;
}

function dataSection(view: HomeView): string {
  return `<section aria-labelledby="your-data"><h2 id="your-data">Your data</h2>
<p>Download everything kept about your account as JSON: the account, the profile, your keys' names and dates (never the keys or their hashes), your watchlist and your quota requests.</p>
${buttonFormHtml(EXPORT_PATH, view.session.csrf, "Export my data")}
<p><a href="${DELETE_PATH}">Delete my account</a>: keys revoked at once, every session ended, the profile gone.</p></section>`;
}

/** The whole account page. */
export function homeHtml(view: HomeView): string {
  const problem = view.refused?.problem ? problemHtml(view.refused.problem) : "";
  return `${problem}${view.notice ? noticeHtml(`<p>${escapeHtml(view.notice)}</p>`) : ""}${loggedInHtml(view.session)}
<nav aria-label="On this page"><ul class="toc"><li><a href="#api-keys">API keys</a></li><li><a href="#quota">Quota</a></li><li><a href="#login-token">Login token</a></li><li><a href="#watchlist">Watchlist</a></li><li><a href="#profile">Profile</a></li><li><a href="#your-data">Your data</a></li></ul></nav>
${keysSection(view)}
${quotaSection(view)}
${tokenSection(view)}
${watchlistSection(view)}
${profileSection(view)}
${dataSection(view)}`;
}

/** The confirmation form of `/account/delete`. */
export function deleteFormHtml(
  session: PageSession,
  refill: Refill = { values: {}, errors: {} },
  problem?: string,
): string {
  return `${problem ? problemHtml(problem) : ""}<p>Deleting your account revokes every API key at once (their next request answers 401), ends every session, and removes your profile, watchlist and quota requests. Counters stay, tied to no one: requests counted today, views, and your ratings and comments (shown without an author). This cannot be undone; <a href="#your-data-export">export your data</a> first if you want it.</p>
${formHtml({
  action: DELETE_PATH,
  csrf: session.csrf,
  submit: "Delete my account for good",
  fields: [
    field(refill, {
      name: "confirm",
      label: "Type your e-mail address to confirm",
      type: "email",
      autocomplete: "off",
      required: true,
      hint: `The address you log in with (${session.account?.email ?? ""}).`,
    }),
  ],
})}
<p id="your-data-export">${buttonFormHtml(EXPORT_PATH, session.csrf, "Export my data")} · <a href="${HOME_PATH}">Back to your account</a></p>`;
}
