/**
 * The account page's POST actions, each for a logged-in reader whose CSRF token is checked already: create or
 * revoke a key, save the profile, ask for a higher quota, start a watchlist digest, export or delete the account.
 * A refused form comes back refilled (400); a done action goes back to the page (303) saying so.
 */
import {
  deleteAccount,
  exportAccountData,
  quotaAskProblems,
  requestQuota,
} from "../../../accounts/auth/account-data.ts";
import {
  AccountError,
  createKey,
  type ProfilePatch,
  updateProfile,
} from "../../../accounts/auth/accounts.ts";
import type { Subscription } from "../../../accounts/store/types.ts";
import { callerWatched } from "../account-watchlist.ts";
import { newSubscriptionId } from "../subscriptions/links.ts";
import { choicesOf, MAX_PER_ADDRESS } from "../subscriptions/subscribe-pages.ts";
import {
  DIGEST_PATH,
  deleteFormHtml,
  HOME_PATH,
  KEYS_PATH,
  PROFILE_PATH,
  QUOTA_REQUEST_PATH,
  type Refill,
} from "./account-home-html.ts";
import { callerOf, type HomeContext, type LoggedIn, page, refused } from "./account-home-page.ts";
import { type AccountPage, redirect } from "./account-html.ts";
import { at, t } from "./page-context.ts";

const noRefill: Refill = { values: {}, errors: {} };

/** A comma-separated id list as typed (spaces and empty entries dropped). */
const idList = (raw: string | null) => (raw ?? "").split(/[\s,]+/).filter((id) => id !== "");

export async function createKeyAction(ctx: HomeContext, session: LoggedIn, fields: URLSearchParams) {
  const label = (fields.get("label") ?? "").trim();
  const values = { label: fields.get("label") ?? "" };
  if (label === "")
    return refused(ctx, session, KEYS_PATH, {
      values,
      errors: { label: t(session, "acct.key_label_empty") },
    });
  if (label.length > 100)
    return refused(ctx, session, KEYS_PATH, {
      values,
      errors: { label: t(session, "acct.at_most", { n: 100 }) },
    });
  if (!session.account.verified)
    return refused(ctx, session, KEYS_PATH, noRefill, t(session, "acct.key_confirm_first"));
  const created = await createKey(ctx.store, session.account.email, label, ctx.deps.clock());
  // Shown here once, never again: no redirect, and the page is no-store.
  return page(ctx, session, { newKey: { key: created.key, label } }, 201);
}

export async function revokeAction(ctx: HomeContext, session: LoggedIn, fields: URLSearchParams) {
  const keyId = fields.get("key_id") ?? "";
  const revoked = keyId ? await ctx.store.revokeApiKey(session.account.id, keyId) : null;
  if (!revoked) return refused(ctx, session, KEYS_PATH, noRefill, t(session, "acct.key_unknown"));
  return redirect(`${at(session, HOME_PATH)}?done=revoked#api-keys`);
}

/** Unknown venue ids, per field, when the server has a snapshot to ask. */
export async function unknownVenues(
  ctx: HomeContext,
  session: LoggedIn,
  patch: Required<Pick<ProfilePatch, "trackedConferences" | "trackedJournals" | "attendedConferences">>,
) {
  const lookup = ctx.deps.venueFacts();
  const errors: Record<string, string> = {};
  const all = [...patch.trackedConferences, ...patch.trackedJournals, ...patch.attendedConferences];
  const malformed = all.find((id) => !/^\d{1,12}$/.test(id));
  if (!lookup || malformed !== undefined) {
    if (malformed !== undefined) {
      const field = patch.trackedConferences.includes(malformed)
        ? "track"
        : patch.trackedJournals.includes(malformed)
          ? "track_journals"
          : "attend";
      errors[field] = t(session, "acct.venue_id_malformed", { id: JSON.stringify(malformed) });
    }
    return errors;
  }
  const facts = await lookup({
    conferences: [...patch.trackedConferences, ...patch.attendedConferences],
    journals: patch.trackedJournals,
  });
  const known = new Set(facts.map((f) => `${f.kind}:${f.id}`));
  const check = (name: string, kind: string, list: string[]) => {
    const missing = list.filter((id) => !known.has(`${kind}:${id}`));
    if (missing.length)
      errors[name] = t(session, kind === "journal" ? "acct.no_journal_id" : "acct.no_conference_id", {
        ids: missing.join(", "),
      });
  };
  check("track", "conference", patch.trackedConferences);
  check("track_journals", "journal", patch.trackedJournals);
  check("attend", "conference", patch.attendedConferences);
  return errors;
}

export async function profileAction(ctx: HomeContext, session: LoggedIn, fields: URLSearchParams) {
  const values = Object.fromEntries(
    ["institution", "cv", "track", "track_journals", "attend"].map((n) => [n, fields.get(n) ?? ""]),
  );
  values.public = fields.get("public") === "on" ? "on" : "";
  values.hide_tracked = fields.get("hide_tracked") === "on" ? "on" : "";
  const venues = {
    trackedConferences: idList(fields.get("track")),
    trackedJournals: idList(fields.get("track_journals")),
    attendedConferences: idList(fields.get("attend")),
  };
  const errors = await unknownVenues(ctx, session, venues);
  if ((values.institution ?? "").trim().length > 200)
    errors.institution = t(session, "acct.at_most", { n: 200 });
  if ((values.cv ?? "").trim().length > 20_000) errors.cv = t(session, "acct.at_most", { n: 20_000 });
  if (Object.keys(errors).length) return refused(ctx, session, PROFILE_PATH, { values, errors });
  try {
    await updateProfile(
      ctx.store,
      session.account.email,
      {
        public: values.public === "on",
        hideTracked: values.hide_tracked === "on",
        institution: values.institution ?? "",
        cv: values.cv ?? "",
        ...venues,
      },
      ctx.deps.clock(),
    );
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    return refused(ctx, session, PROFILE_PATH, { values, errors: {} }, error.message);
  }
  return redirect(`${at(session, HOME_PATH)}?done=profile#profile`);
}

export async function quotaAction(ctx: HomeContext, session: LoggedIn, fields: URLSearchParams) {
  const ask = { requested: fields.get("requested") ?? "", reason: fields.get("reason") ?? "" };
  const { limit } = await ctx.deps.quota(callerOf(session));
  const errors = quotaAskProblems(ask, limit);
  if (Object.keys(errors).length) return refused(ctx, session, QUOTA_REQUEST_PATH, { values: ask, errors });
  try {
    await requestQuota(ctx.store, session.account, ask, ctx.deps.clock());
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    return refused(ctx, session, QUOTA_REQUEST_PATH, { values: ask, errors: {} }, error.message);
  }
  return redirect(`${at(session, HOME_PATH)}?done=quota#quota`);
}

/**
 * A digest of the account's watchlist to its own address, started at once: the address is the account's, and
 * confirmed (an unconfirmed account is refused), so no confirmation link is needed. One per account.
 */
export async function digestAction(ctx: HomeContext, session: LoggedIn, fields: URLSearchParams) {
  const values = {
    frequency: fields.get("frequency") ?? "",
    closes_in: fields.getAll("closes_in").join(","),
    time_zone: fields.get("time_zone") ?? "",
  };
  const again = (problem: string) => refused(ctx, session, DIGEST_PATH, { values, errors: {} }, problem);
  if (!ctx.offersDigests) return again(t(session, "acct.digest_off"));
  if (!session.account.verified) return again(t(session, "acct.digest_unverified"));
  const choices = choicesOf(fields, session.locale);
  if ("problem" in choices) return again(choices.problem);
  const watched = await callerWatched(ctx.store, callerOf(session));
  if (!watched || watched.conferences.length === 0) return again(t(session, "acct.digest_track_first"));
  const email = session.account.email;
  const existing = await ctx.store.listSubscriptions(email);
  if (existing.some((s) => s.target.kind === "watchlist" && s.target.watchlistId === watched.id))
    return again(t(session, "acct.digest_exists"));
  if (existing.length >= MAX_PER_ADDRESS)
    return again(t(session, "acct.digest_too_many", { email, n: MAX_PER_ADDRESS }));
  const sub: Subscription = {
    id: newSubscriptionId(),
    email,
    target: { kind: "watchlist", watchlistId: watched.id },
    ...choices,
    language: session.locale,
    confirmed: true,
    createdAt: ctx.deps.clock().toISOString(),
    confirmHash: null,
    confirmExpiresAt: null,
    lastPeriod: null,
    lastDeadlines: null,
  };
  await ctx.store.createSubscription(sub);
  return redirect(`${at(session, HOME_PATH)}?done=digest#digests`);
}

export async function exportAction(ctx: HomeContext, session: LoggedIn): Promise<Response> {
  const data = await exportAccountData(ctx.store, session.account, ctx.deps.clock());
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="venue-directory-account-${session.account.id}.json"`,
      "cache-control": "no-store",
    },
  });
}

export async function deleteAction(
  ctx: HomeContext,
  session: LoggedIn,
  fields: URLSearchParams,
): Promise<AccountPage | Response> {
  const confirm = (fields.get("confirm") ?? "").trim().toLowerCase();
  if (confirm !== session.account.email) {
    const error = t(session, confirm === "" ? "acct.delete_type_email" : "acct.delete_not_yours");
    return {
      title: t(session, "acct.delete_title"),
      status: 400,
      body: deleteFormHtml(session, {
        values: { confirm: fields.get("confirm") ?? "" },
        errors: { confirm: error },
      }),
    };
  }
  await deleteAccount(ctx.store, session.account.id);
  return {
    title: t(session, "acct.deleted_title"),
    body: `<p>${t(session, "acct.deleted")}</p><p><a href="${at(session, "/account/signup")}">${t(session, "acct.signup_again")}</a> · <a href="${at(session, "/")}">${t(session, "acct.home")}</a></p>`,
    setCookies: [ctx.deps.clearedSessionCookie()],
  };
}
