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
 */
import type { Outbox } from "../../../accounts/mail/types.ts";
import type {
  DigestFrequency,
  Store,
  Subscription,
  SubscriptionTarget,
} from "../../../accounts/store/types.ts";
import { escapeHtml } from "../../../render/html.ts";
import { quotaSubject } from "../../../runtime/client-ip.ts";
import { type Clock, HOUR_MS, secondsToUtcMidnight, systemClock, utcDate } from "../../../runtime/clock.ts";
import { crossSiteRefusal } from "../../edge/same-site.ts";
import { type ItemsQuery, itemsOf } from "./digest-items.ts";
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
  | "getWatchlist"
  | "getOrInitSetting"
>;

export interface SubscriptionPagesDeps {
  store: SubscriptionPagesStore;
  outbox: Outbox;
  query: ItemsQuery;
  publicBaseUrl: string;
  /** This service's host names: a form POST from elsewhere is refused. */
  allowedHosts: ReadonlySet<string>;
  clock?: Clock;
}

const ADDRESS = /^[^\s@<>,;"()[\]\\]+@[^\s@<>,;"()[\]\\]+\.[^\s@<>,;"()[\]\\]+$/;
const WATCHLIST_ID = /^[A-Za-z0-9_-]{22}$/;
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

type Choices = Pick<Subscription, "frequency" | "closesIn" | "timeZone">;

/** The reader's choices from a form, or what is wrong with them. */
function choicesOf(fields: URLSearchParams): Choices | { problem: string } {
  const frequency = (fields.get("frequency") ?? "weekly").trim();
  if (frequency !== "daily" && frequency !== "weekly")
    return { problem: 'frequency must be "daily" or "weekly"' };
  const closesIn: number[] = [];
  for (const value of fields.getAll("closes_in")) {
    const n = Number(value);
    if (!(CLOSES_IN_DAYS as readonly number[]).includes(n))
      return { problem: `"closes in" takes ${CLOSES_IN_DAYS.join(", ")} days, not ${JSON.stringify(value)}` };
    if (!closesIn.includes(n)) closesIn.push(n);
  }
  const timeZone = (fields.get("time_zone") ?? "").trim() || "UTC";
  if (!isTimeZone(timeZone))
    return {
      problem: `${JSON.stringify(timeZone)} is not a time zone: use an IANA name such as Europe/Berlin, or UTC`,
    };
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

const refused = (title: string, message: string, status: number, extra = "") =>
  plainPage(title, `<p class="error" role="alert">${escapeHtml(message)}</p>${extra}`, status);

export function subscriptionPages(deps: SubscriptionPagesDeps) {
  const clock = deps.clock ?? systemClock;
  const baseUrl = deps.publicBaseUrl.replace(/\/+$/, "");
  const signer = linkSigner(deps.store);

  /** The target a form names, or why not. */
  function targetOf(fields: URLSearchParams): SubscriptionTarget | { problem: string } {
    const watchlist = fields.get("watchlist")?.trim();
    if (watchlist) {
      return WATCHLIST_ID.test(watchlist)
        ? { kind: "watchlist", watchlistId: watchlist }
        : { problem: "not a watchlist address" };
    }
    const filter = fields.get("filter");
    if (filter === null) return { problem: "say what to subscribe to: a /deadlines filter or a watchlist" };
    // Kept in the page's own spelling (the filter's parameters, nothing else), so it reads back the same.
    const params = new URLSearchParams(filter.replace(/^\?/, ""));
    params.delete("page");
    return { kind: "filter", filter: params.toString() };
  }

  async function limited(ip: string, email: string): Promise<Response | null> {
    const now = clock();
    const day = utcDate(now);
    const ttl = secondsToUtcMidnight(now);
    const tooMany = (message: string) => {
      const answer = refused("Too many subscriptions", message, 429);
      answer.headers.set("retry-after", String(ttl));
      return answer;
    };
    if (!(await deps.store.consume(`subscribe:${day}:ip:${quotaSubject(ip)}`, DAILY_PER_CLIENT, ttl)).allowed)
      return tooMany(
        `at most ${DAILY_PER_CLIENT} subscriptions are started from one address a day; try again tomorrow (UTC)`,
      );
    if ((await deps.store.countSubscriptions(email)) >= MAX_PER_ADDRESS)
      return tooMany(
        `${email} has ${MAX_PER_ADDRESS} subscriptions already: stop one first (each message links to its page)`,
      );
    if (!(await deps.store.consume(`subscribe:${day}:email:${email}`, DAILY_PER_ADDRESS, ttl)).allowed)
      return tooMany(
        `at most ${DAILY_PER_ADDRESS} confirmation messages go to one address a day; try again tomorrow (UTC)`,
      );
    return null;
  }

  async function subscribe(req: Request, ip: string): Promise<Response> {
    const crossSite = crossSiteRefusal(req, deps.allowedHosts);
    if (crossSite) return refused("Not subscribed", `${crossSite}: subscribe from this site's pages`, 403);
    const fields = await formFields(req);
    if (!fields) return refused("Not subscribed", "send the subscribe form from its page (a form POST)", 415);
    const email = (fields.get("email") ?? "").trim().toLowerCase();
    if (email.length > 254 || !ADDRESS.test(email))
      return refused(
        "Not subscribed",
        `not an e-mail address: ${JSON.stringify(fields.get("email") ?? "")}`,
        400,
      );
    const choices = choicesOf(fields);
    if ("problem" in choices) return refused("Not subscribed", choices.problem, 400);
    const target = targetOf(fields);
    if ("problem" in target) return refused("Not subscribed", target.problem, 400);
    const limit = await limited(ip, email);
    if (limit) return limit;
    const followed = await itemsOf(deps.query, deps.store, target);
    if ("invalid" in followed) return refused("Not subscribed", followed.invalid, 400);
    if (followed.items.length === 0) {
      const what =
        target.kind === "filter"
          ? "This filter matches no upcoming deadline: widen it (more ranks or fields, a longer window, estimates included) and subscribe to that."
          : "This watchlist has no upcoming deadline: add conferences to it first.";
      return refused("Not subscribed", what, 400);
    }
    const token = newConfirmToken();
    const now = clock();
    const sub: Subscription = {
      id: newSubscriptionId(),
      email,
      target,
      ...choices,
      confirmed: false,
      createdAt: now.toISOString(),
      confirmHash: tokenHash(token),
      confirmExpiresAt: new Date(now.getTime() + CONFIRM_HOURS * HOUR_MS).toISOString(),
      lastPeriod: null,
      lastDeadlines: null,
    };
    await deps.store.createSubscription(sub);
    const mail = confirmMail(`${baseUrl}${CONFIRM_PATH}?token=${token}`, followed.about, CONFIRM_HOURS);
    await deps.outbox.enqueue({ to: email, ...mail, dedupeKey: `subscribe-confirm:${sub.id}` });
    const where = deps.outbox.goesToLog?.()
      ? "This server writes mail to its log (no relay is configured): the link is in the server's log."
      : `Open the link we sent to ${email} within ${CONFIRM_HOURS} hours to start the digest.`;
    return plainPage(
      "Check your inbox",
      `<p>${escapeHtml(where)}</p><p>Nothing is sent before you confirm.</p>`,
      202,
    );
  }

  async function confirm(req: Request): Promise<Response> {
    const bad = () =>
      refused(
        "Link not valid",
        "This confirmation link is not valid: it was used already, it expired, or it was cut. Subscribe again to get a new one.",
        400,
      );
    if (req.method !== "POST") {
      const token = new URL(req.url).searchParams.get("token") ?? "";
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return bad();
      return plainPage(
        "Confirm your subscription",
        `<form method="post" action="${CONFIRM_PATH}"><input type="hidden" name="token" value="${escapeHtml(token)}" /><button type="submit">Confirm the digest</button></form>`,
      );
    }
    const fields = await formFields(req);
    const token = fields?.get("token") ?? new URL(req.url).searchParams.get("token") ?? "";
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return bad();
    const sub = await deps.store.confirmSubscription(tokenHash(token));
    if (!sub) return bad();
    const links = await signer.links(baseUrl, sub.id);
    return plainPage(
      "Subscribed",
      `<p>Confirmed: your ${sub.frequency} digest starts after the next nightly build.</p><p><a href="${escapeHtml(links.manage)}">Change or stop it</a> (every message has this link).</p>`,
    );
  }

  async function manage(req: Request, id: string, oneClick: boolean): Promise<Response> {
    const url = new URL(req.url);
    const sig = url.searchParams.get("sig");
    const invalid = () =>
      refused(
        "Link not valid",
        "This subscription link is not valid, or the subscription has been stopped.",
        404,
      );
    if (!(await signer.verify(id, sig))) return invalid();
    const action = `${url.pathname}?sig=${sig}`;
    if (oneClick) {
      if (req.method === "POST") {
        // RFC 8058: the POST (body List-Unsubscribe=One-Click) unsubscribes at once, whoever sends it.
        await deps.store.deleteSubscription(id);
        return plainPage(
          "Unsubscribed",
          "<p>Unsubscribed: no more messages of this subscription are sent.</p>",
        );
      }
      if (!(await deps.store.getSubscription(id))) return invalid();
      return plainPage(
        "Unsubscribe",
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click" /><button type="submit">Unsubscribe</button></form>`,
      );
    }
    const sub = await deps.store.getSubscription(id);
    if (!sub) return invalid();
    if (req.method === "POST") {
      const fields = await formFields(req);
      if (!fields) return refused("Not changed", "send the form from its page (a form POST)", 415);
      if (fields.get("action") === "stop") {
        await deps.store.deleteSubscription(id);
        return plainPage("Stopped", "<p>Stopped: no more messages of this subscription are sent.</p>");
      }
      const choices = choicesOf(fields);
      if ("problem" in choices)
        return refused("Not changed", choices.problem, 400, manageFormHtml(sub, action));
      await deps.store.updateSubscription(id, choices);
      return plainPage("Saved", `<p>Saved.</p>${manageFormHtml({ ...sub, ...choices }, action)}`);
    }
    const state = sub.confirmed ? "" : "<p>Waiting for its confirmation (the link we mailed).</p>";
    return plainPage(
      `Your ${sub.frequency} digest for ${sub.email}`,
      `${state}${manageFormHtml(sub, action)}`,
    );
  }

  /** GET /subscribe?<filter> or ?watchlist=<id>: the form on a page of its own (the address the API names). */
  function subscribeForm(req: Request): Response {
    const params = new URL(req.url).searchParams;
    const watchlist = params.get("watchlist");
    params.delete("page");
    const target: FormTarget = watchlist ? { watchlist } : { filter: params.toString() };
    return plainPage("Subscribe to a deadline digest", subscribeFormHtml(target));
  }

  return async (req: Request, pathname: string, ip: string): Promise<Response | null> => {
    const post = req.method === "POST";
    if (pathname === ZONE_SCRIPT_PATH && !post)
      return new Response(req.method === "HEAD" ? null : ZONE_SCRIPT, {
        headers: {
          "content-type": "text/javascript; charset=utf-8",
          "cache-control": "public, max-age=86400",
        },
      });
    if (pathname === SUBSCRIBE_PATH) return post ? subscribe(req, ip) : subscribeForm(req);
    if (pathname === CONFIRM_PATH) return confirm(req);
    const managed = MANAGE_PATH.exec(pathname);
    if (managed) return manage(req, managed[1] ?? "", managed[2] !== undefined);
    return null;
  };
}
