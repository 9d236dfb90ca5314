/**
 * Watchlists with a stable subscription address and no account. `POST /watchlists` creates one and answers its
 * id (the address: `/calendar/watch/<id>.ics`, `/watchlist?id=<id>`) and an edit secret the browser keeps;
 * `PUT /watchlists/<id>` with that secret (header `X-Watchlist-Secret`) replaces its venues, so starring or
 * unstarring never changes the address. The store keeps the id, the secret's sha256 and the venue ids.
 * Writes take JSON only (a cross-site form cannot send it without a preflight), bad input is a 400 naming it.
 * An account's tracked venues are a watchlist too, at the same kind of address (account-watchlist.ts):
 * `GET /watchlists/account` with the account's credential answers it.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Caller } from "../http/caller.ts";
import type { Clock } from "../runtime/clock.ts";
import { systemClock } from "../runtime/clock.ts";
import { describeIssues } from "../schema/api.ts";
import type { Store, Watchlist } from "../store/types.ts";
import {
  ACCOUNT_WATCHLIST_PATH,
  type AccountWatchlistStore,
  accountWatched,
  callerWatched,
  type WatchedIds,
} from "./account-watchlist.ts";

/** The part of the state store watchlists use: stored watchlists, and accounts' tracked venues. */
export type WatchlistStore = Pick<Store, "getWatchlist" | "putWatchlist"> & AccountWatchlistStore;

export const WATCHLISTS_PATH = "/watchlists";
/** Enough for any real watchlist, small enough that one request reads a bounded number of files. */
export const WATCH_MAX_IDS = 200;
export const SECRET_HEADER = "x-watchlist-secret";

/** 16 random bytes, base64url: 22 characters. */
const WATCHLIST_ID = /^[A-Za-z0-9_-]{22}$/;
const ITEM = /^\/watchlists\/([^/]+)$/;

const VenueIds = z.array(z.string().regex(/^\d{1,15}$/, "venue ids are digits")).max(WATCH_MAX_IDS);
const WatchlistBody = z.strictObject({
  conferences: VenueIds.default([]),
  journals: VenueIds.default([]),
});

/** The addresses of a watchlist, relative to the site. */
export const watchlistLinks = (id: string) => ({
  id,
  calendar: `/calendar/watch/${id}.ics`,
  page: `/watchlist?id=${id}`,
});

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });

const problem = (status: number, message: string) => json(status, { error: message });

/** A watchlist id from a path segment, or null when it cannot be one. */
const watchlistId = (text: string) => (WATCHLIST_ID.test(text) ? text : null);

/** The store's watchlist, or null. */
async function findWatchlist(store: WatchlistStore | null, id: string): Promise<Watchlist | null> {
  const valid = watchlistId(id);
  return valid && store ? store.getWatchlist(valid) : null;
}

/**
 * The venues of a watchlist address, a stored watchlist's or an account's tracked venues; null when the id is
 * neither: the reader of `/calendar/watch/<id>.ics` and `/watchlist?id=`.
 */
export async function findWatched(store: WatchlistStore | null, id: string): Promise<WatchedIds | null> {
  if (!store) return null;
  return (await findWatchlist(store, id)) ?? accountWatched(store, id);
}

async function bodyOf(
  req: Request,
): Promise<{ ok: true; venues: z.output<typeof WatchlistBody> } | Response> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") return problem(415, "send the venues as application/json");
  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    return problem(400, "the body is not valid JSON");
  }
  const parsed = WatchlistBody.safeParse(raw);
  if (!parsed.success) return problem(400, describeIssues(parsed.error));
  const unique = (ids: string[]) => [...new Set(ids)];
  return {
    ok: true,
    venues: { conferences: unique(parsed.data.conferences), journals: unique(parsed.data.journals) },
  };
}

function secretMatches(stored: string, given: string | null): boolean {
  if (!given) return false;
  return timingSafeEqual(Buffer.from(sha256(given)), Buffer.from(stored));
}

/**
 * GET /watchlists/account: the calling account's tracked venues as a watchlist (its addresses and venues); the
 * credential is the one the edge resolved (an API key or login token).
 */
async function accountWatchlist(store: WatchlistStore, req: Request, caller: Caller | undefined) {
  if (req.method !== "GET" && req.method !== "HEAD")
    return problem(405, "read your account's watchlist with GET");
  const watched = await callerWatched(store, caller);
  if (!watched) {
    return problem(
      401,
      "send your account's API key or login token as Authorization: Bearer <credential>: an account's tracked venues are its watchlist",
    );
  }
  return json(200, {
    ...watchlistLinks(watched.id),
    conferences: watched.conferences,
    journals: watched.journals,
  });
}

/** POST /watchlists, GET and PUT /watchlists/<id>, GET /watchlists/account; null for any other path. */
export function watchlistApi(store: WatchlistStore | null, clock: Clock = systemClock) {
  return async (req: Request, pathname: string, caller?: Caller): Promise<Response | null> => {
    const item = ITEM.exec(pathname);
    if (pathname !== WATCHLISTS_PATH && !item) return null;
    if (!store) return problem(503, "watchlists need the state store, which this server runs without");
    if (pathname === ACCOUNT_WATCHLIST_PATH) return accountWatchlist(store, req, caller);
    if (!item) {
      if (req.method !== "POST") return problem(405, "create a watchlist with POST");
      const body = await bodyOf(req);
      if (body instanceof Response) return body;
      const id = randomBytes(16).toString("base64url");
      const secret = randomBytes(24).toString("base64url");
      const updatedAt = clock().toISOString();
      await store.putWatchlist({ id, secretHash: sha256(secret), ...body.venues, updatedAt });
      return json(201, { ...watchlistLinks(id), secret, ...body.venues, updated_at: updatedAt });
    }
    const found = await findWatchlist(store, item[1] ?? "");
    if (!found) return problem(404, "no watchlist has this id");
    const view = (w: Watchlist) =>
      json(200, {
        ...watchlistLinks(w.id),
        conferences: w.conferences,
        journals: w.journals,
        updated_at: w.updatedAt,
      });
    if (req.method === "GET" || req.method === "HEAD") return view(found);
    if (req.method !== "PUT") return problem(405, "read a watchlist with GET, change it with PUT");
    if (!secretMatches(found.secretHash, req.headers.get(SECRET_HEADER))) {
      return problem(403, `the ${SECRET_HEADER} header does not hold this watchlist's edit secret`);
    }
    const body = await bodyOf(req);
    if (body instanceof Response) return body;
    const next = { ...found, ...body.venues, updatedAt: clock().toISOString() };
    await store.putWatchlist(next);
    return view(next);
  };
}
