/**
 * The subscription pages (no account needed):
 * - `POST /subscribe` (from the form of /deadlines, a watchlist page, or `GET /subscribe?<filter>` /
 *   `?watchlist=<id>`): checks the address, the choices and the target (a filter that matches nothing, or an empty
 *   or unknown watchlist, is refused with what to do), the limits (per client address and per e-mail address), then
 *   stores the subscription unconfirmed and mails a confirmation link (single-use, CONFIRM_HOURS, only its hash
 *   stored). A POST from another site's page is refused.
 * - `GET /subscribe/confirm?token=…` shows a button (mail scanners that open links confirm nothing), its `POST`
 *   confirms; a forged, used or expired token is refused and changes nothing.
 * - `GET|POST /subscriptions/<id>?sig=…`: the signed page to change or stop it (in every message).
 * - `POST /subscriptions/<id>/unsubscribe?sig=…`: one-click unsubscribe (RFC 8058), at once; no CSRF token, as the
 *   RFC wants: the signature in the address is the authority. Its `GET` shows a button.
 * Each answers under /zh/ too, in Chinese (one handler, the language taken from the address); a subscription keeps
 * the language it was asked for in, so its mails and their links are in it (digest-mail.ts).
 */
import { isEmailAddress, normalizeEmail } from "../../../accounts/auth/accounts.ts";
import type { Outbox } from "../../../accounts/mail/types.ts";
import type {
  DigestFrequency,
  Store,
  Subscription,
  SubscriptionTarget,
} from "../../../accounts/store/types.ts";
import { escapeHtml } from "../../../render/html.ts";
import { type Locale, localeOfPath, localePath, t, unlocalizedPath } from "../../../render/i18n.ts";
import { quotaSubject } from "../../../runtime/client-ip.ts";
import { type Clock, HOUR_MS, secondsToUtcMidnight, systemClock, utcDate } from "../../../runtime/clock.ts";
import { crossSiteRefusal } from "../../edge/same-site.ts";
import { type FollowedStore, type ItemsQuery, itemsOf } from "./digest-items.ts";
import { confirmMail } from "./digest-mail.ts";
import { type FormTarget, manageFormHtml, plainPage, subscribeFormHtml, ZONE_SCRIPT } from "./forms.ts";
import {
  CONFIRM_PATH,
  linkSigner,
  MANAGE_PATH,
  newConfirmToken,
  newSubscriptionId,
  SUBSCRIBE_PATH,
  tokenHash,
  ZONE_SCRIPT_PATH,
} from "./links.ts";
import { CLOSES_IN_DAYS, isTimeZone } from "./periods.ts";

/** How long a confirmation link works. */
export const CONFIRM_HOURS = 48;
/** Subscriptions one client address (IPv6: its /64) may start per UTC day. */
export const DAILY_PER_CLIENT = 20;
/** Confirmation mails one e-mail address may be sent per UTC day (no one can flood someone else's inbox). */
export const DAILY_PER_ADDRESS = 5;
/** Live subscriptions (confirmed, or waiting for confirmation) one e-mail address may have. */
export const MAX_PER_ADDRESS = 20;

export type SubscriptionPagesStore = Pick<
  Store,
  | "createSubscription"
  | "getSubscription"
  | "confirmSubscription"
  | "updateSubscription"
  | "deleteSubscription"
  | "countSubscriptions"
  | "consume"
> &
  FollowedStore;

export interface SubscriptionPagesDeps {
  store: SubscriptionPagesStore;
  outbox: Outbox;
  query: ItemsQuery;
  publicBaseUrl: string;
  /** This service's host names: a form POST from elsewhere is refused. */
  allowedHosts: ReadonlySet<string>;
  clock?: Clock;
}

const WATCHLIST_ID = /^[A-Za-z0-9_-]{22}$/;
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

type Choices = Pick<Subscription, "frequency" | "closesIn" | "timeZone">;

/** The reader's choices from a form, or what is wrong with them (in the page's language). */
export function choicesOf(fields: URLSearchParams, locale: Locale = "en"): Choices | { problem: string } {
  const frequency = (fields.get("frequency") ?? "weekly").trim();
  if (frequency !== "daily" && frequency !== "weekly") return { problem: t(locale, "digest.bad_frequency") };
  const closesIn: number[] = [];
  for (const value of fields.getAll("closes_in")) {
    const n = Number(value);
    if (!(CLOSES_IN_DAYS as readonly number[]).includes(n))
      return {
        problem: t(locale, "digest.bad_closes_in", {
          days: CLOSES_IN_DAYS.join(", "),
          value: JSON.stringify(value),
        }),
      };
    if (!closesIn.includes(n)) closesIn.push(n);
  }
  const timeZone = (fields.get("time_zone") ?? "").trim() || "UTC";
  if (!isTimeZone(timeZone))
    return { problem: t(locale, "digest.bad_zone", { value: JSON.stringify(timeZone) }) };
  return { frequency: frequency as DigestFrequency, closesIn: closesIn.sort((a, b) => b - a), timeZone };
}

async function formFields(req: Request): Promise<URLSearchParams | null> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.has(type)) return null;
  if (type === "multipart/form-data") {
    const form = await req.formData().catch(() => null);
    if (!form) return null;
    const fields = new URLSearchParams();
    for (const [name, value] of form) if (typeof value === "string") fields.append(name, value);
    return fields;
  }
  return new URLSearchParams(await req.text());
}

/** One request's page maker: its language, and its own address for the language switch. */
function pagesFor(req: Request, pathname: string) {
  const locale = localeOfPath(pathname);
  const where = { locale, path: `${unlocalizedPath(pathname)}${new URL(req.url).search}` };
  const page = (title: string, body: string, status = 200) => plainPage(title, body, status, where);
  const refused = (title: string, message: string, status: number, extra = "") =>
    page(title, `<p class="error" role="alert">${escapeHtml(message)}</p>${extra}`, status);
  return {
    locale,
    page,
    refused,
    tr: (key: Parameters<typeof t>[1], params?: Parameters<typeof t>[2]) => t(locale, key, params),
  };
}

type Pages = ReturnType<typeof pagesFor>;

/** What the pages share: the deps, and what the factory made of them once. */
interface Ctx {
  deps: SubscriptionPagesDeps;
  clock: Clock;
  /** PUBLIC_BASE_URL without its trailing slashes. */
  baseUrl: string;
  signer: ReturnType<typeof linkSigner>;
}

/** The target a form names, or why not. */
function targetOf(fields: URLSearchParams, p: Pages): SubscriptionTarget | { problem: string } {
  const watchlist = fields.get("watchlist")?.trim();
  if (watchlist) {
    return WATCHLIST_ID.test(watchlist)
      ? { kind: "watchlist", watchlistId: watchlist }
      : { problem: p.tr("digest.bad_watchlist") };
  }
  const filter = fields.get("filter");
  if (filter === null) return { problem: p.tr("digest.no_target") };
  // Kept in the page's own spelling (the filter's parameters, nothing else), so it reads back the same.
  const params = new URLSearchParams(filter.replace(/^\?/, ""));
  params.delete("page");
  return { kind: "filter", filter: params.toString() };
}

async function limited(ctx: Ctx, ip: string, email: string, p: Pages): Promise<Response | null> {
  const now = ctx.clock();
  const day = utcDate(now);
  const ttl = secondsToUtcMidnight(now);
  const tooMany = (message: string) => {
    const answer = p.refused(p.tr("digest.too_many"), message, 429);
    answer.headers.set("retry-after", String(ttl));
    return answer;
  };
  if (
    !(await ctx.deps.store.consume(`subscribe:${day}:ip:${quotaSubject(ip)}`, DAILY_PER_CLIENT, ttl)).allowed
  )
    return tooMany(p.tr("digest.limit_client", { n: DAILY_PER_CLIENT }));
  if ((await ctx.deps.store.countSubscriptions(email)) >= MAX_PER_ADDRESS)
    return tooMany(p.tr("digest.limit_address", { email, n: MAX_PER_ADDRESS }));
  if (!(await ctx.deps.store.consume(`subscribe:${day}:email:${email}`, DAILY_PER_ADDRESS, ttl)).allowed)
    return tooMany(p.tr("digest.limit_mails", { n: DAILY_PER_ADDRESS }));
  return null;
}

async function subscribe(ctx: Ctx, req: Request, ip: string, p: Pages): Promise<Response> {
  const notSubscribed = p.tr("digest.not_subscribed");
  const crossSite = crossSiteRefusal(req, ctx.deps.allowedHosts);
  if (crossSite) return p.refused(notSubscribed, p.tr("digest.cross_site", { reason: crossSite }), 403);
  const fields = await formFields(req);
  if (!fields) return p.refused(notSubscribed, p.tr("digest.form_post"), 415);
  const email = normalizeEmail(fields.get("email") ?? "");
  if (!isEmailAddress(email))
    return p.refused(
      notSubscribed,
      p.tr("digest.bad_email", { value: JSON.stringify(fields.get("email") ?? "") }),
      400,
    );
  const choices = choicesOf(fields, p.locale);
  if ("problem" in choices) return p.refused(notSubscribed, choices.problem, 400);
  const target = targetOf(fields, p);
  if ("problem" in target) return p.refused(notSubscribed, target.problem, 400);
  const limit = await limited(ctx, ip, email, p);
  if (limit) return limit;
  const followed = await itemsOf(ctx.deps.query, ctx.deps.store, target, p.locale);
  if ("invalid" in followed) return p.refused(notSubscribed, followed.invalid, 400);
  if (followed.items.length === 0) {
    const what = p.tr(target.kind === "filter" ? "digest.empty_filter" : "digest.empty_watchlist");
    return p.refused(notSubscribed, what, 400);
  }
  const token = newConfirmToken();
  const now = ctx.clock();
  const sub: Subscription = {
    id: newSubscriptionId(),
    email,
    target,
    ...choices,
    language: p.locale,
    confirmed: false,
    createdAt: now.toISOString(),
    confirmHash: tokenHash(token),
    confirmExpiresAt: new Date(now.getTime() + CONFIRM_HOURS * HOUR_MS).toISOString(),
    lastPeriod: null,
    lastDeadlines: null,
  };
  await ctx.deps.store.createSubscription(sub);
  const confirmUrl = `${ctx.baseUrl}${localePath(p.locale, CONFIRM_PATH)}?token=${token}`;
  const mail = confirmMail(confirmUrl, followed.about, CONFIRM_HOURS, p.locale);
  await ctx.deps.outbox.enqueue({ to: email, ...mail, dedupeKey: `subscribe-confirm:${sub.id}` });
  const where = ctx.deps.outbox.goesToLog?.()
    ? p.tr("digest.to_log")
    : p.tr("digest.sent", { email, hours: CONFIRM_HOURS });
  return p.page(
    p.tr("digest.check_inbox"),
    `<p>${escapeHtml(where)}</p><p>${escapeHtml(p.tr("digest.nothing_before"))}</p>`,
    202,
  );
}

async function confirm(ctx: Ctx, req: Request, p: Pages): Promise<Response> {
  const bad = () => p.refused(p.tr("digest.link_invalid"), p.tr("digest.confirm_invalid"), 400);
  if (req.method !== "POST") {
    const token = new URL(req.url).searchParams.get("token") ?? "";
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return bad();
    return p.page(
      p.tr("digest.confirm_title"),
      `<form method="post" action="${localePath(p.locale, CONFIRM_PATH)}"><input type="hidden" name="token" value="${escapeHtml(token)}" /><button type="submit">${escapeHtml(p.tr("digest.confirm_button"))}</button></form>`,
    );
  }
  const fields = await formFields(req);
  const token = fields?.get("token") ?? new URL(req.url).searchParams.get("token") ?? "";
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return bad();
  const sub = await ctx.deps.store.confirmSubscription(tokenHash(token));
  if (!sub) return bad();
  const links = await ctx.signer.links(ctx.baseUrl, sub.id, p.locale);
  const frequency = p.tr(sub.frequency === "daily" ? "digest.daily" : "digest.weekly");
  return p.page(
    p.tr("digest.subscribed"),
    `<p>${escapeHtml(p.tr("digest.confirmed", { frequency }))}</p><p><a href="${escapeHtml(links.manage)}">${escapeHtml(p.tr("digest.manage_link"))}</a> ${escapeHtml(p.tr("digest.manage_note"))}</p>`,
  );
}

async function manage(ctx: Ctx, req: Request, p: Pages, id: string, oneClick: boolean): Promise<Response> {
  const url = new URL(req.url);
  const sig = url.searchParams.get("sig");
  const invalid = () => p.refused(p.tr("digest.link_invalid"), p.tr("digest.manage_invalid"), 404);
  if (!(await ctx.signer.verify(id, sig))) return invalid();
  const action = `${url.pathname}?sig=${sig}`;
  if (oneClick) {
    if (req.method === "POST") {
      // RFC 8058: the POST (body List-Unsubscribe=One-Click) unsubscribes at once, whoever sends it.
      await ctx.deps.store.deleteSubscription(id);
      return p.page(p.tr("digest.unsubscribed"), `<p>${escapeHtml(p.tr("digest.unsubscribed_text"))}</p>`);
    }
    if (!(await ctx.deps.store.getSubscription(id))) return invalid();
    return p.page(
      p.tr("digest.unsubscribe"),
      `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click" /><button type="submit">${escapeHtml(p.tr("digest.unsubscribe"))}</button></form>`,
    );
  }
  const sub = await ctx.deps.store.getSubscription(id);
  if (!sub) return invalid();
  if (req.method === "POST") {
    const fields = await formFields(req);
    if (!fields) return p.refused(p.tr("digest.not_changed"), p.tr("digest.form_post_manage"), 415);
    if (fields.get("action") === "stop") {
      await ctx.deps.store.deleteSubscription(id);
      return p.page(p.tr("digest.stopped"), `<p>${escapeHtml(p.tr("digest.stopped_text"))}</p>`);
    }
    const choices = choicesOf(fields, p.locale);
    if ("problem" in choices)
      return p.refused(
        p.tr("digest.not_changed"),
        choices.problem,
        400,
        manageFormHtml(sub, action, p.locale),
      );
    await ctx.deps.store.updateSubscription(id, choices);
    return p.page(
      p.tr("digest.saved"),
      `<p>${escapeHtml(p.tr("digest.saved_text"))}</p>${manageFormHtml({ ...sub, ...choices }, action, p.locale)}`,
    );
  }
  const state = sub.confirmed ? "" : `<p>${escapeHtml(p.tr("digest.waiting"))}</p>`;
  const frequency = p.tr(sub.frequency === "daily" ? "digest.daily" : "digest.weekly");
  return p.page(
    p.tr("digest.manage_title", { frequency, email: sub.email }),
    `${state}${manageFormHtml(sub, action, p.locale)}`,
  );
}

/** GET /subscribe?<filter> or ?watchlist=<id>: the form on a page of its own (the address the API names). */
function subscribeForm(req: Request, p: Pages): Response {
  const params = new URL(req.url).searchParams;
  const watchlist = params.get("watchlist");
  params.delete("page");
  const target: FormTarget = watchlist ? { watchlist } : { filter: params.toString() };
  return p.page(p.tr("digest.form_title"), subscribeFormHtml(target, p.locale));
}

export function subscriptionPages(deps: SubscriptionPagesDeps) {
  const ctx: Ctx = {
    deps,
    clock: deps.clock ?? systemClock,
    baseUrl: deps.publicBaseUrl.replace(/\/+$/, ""),
    signer: linkSigner(deps.store),
  };
  return async (req: Request, pathname: string, ip: string): Promise<Response | null> => {
    const post = req.method === "POST";
    if (pathname === ZONE_SCRIPT_PATH && !post)
      return new Response(req.method === "HEAD" ? null : ZONE_SCRIPT, {
        headers: {
          "content-type": "text/javascript; charset=utf-8",
          "cache-control": "public, max-age=86400",
        },
      });
    const p = pagesFor(req, pathname);
    const path = unlocalizedPath(pathname);
    if (path === SUBSCRIBE_PATH) return post ? subscribe(ctx, req, ip, p) : subscribeForm(req, p);
    if (path === CONFIRM_PATH) return confirm(ctx, req, p);
    const managed = MANAGE_PATH.exec(path);
    if (managed) return manage(ctx, req, p, managed[1] ?? "", managed[2] !== undefined);
    return null;
  };
}
