/**
 * Starts the real server on a free port against a fixture snapshot (and optionally a small static site), with
 * the clock pinned to FIXTURE_NOW, plus test doubles for the seams the accounts store fills in production.
 */

import { beforeAll } from "vitest";
import { type RunningServer, type ServerOverrides, startServer } from "../../../functions/app.ts";
import { loadConfig } from "../../../functions/server-config.ts";
import type { SnapshotContent } from "../../../pipeline/write/content.ts";
import type { AccessControl, Caller, QuotaResult } from "../../../read/caller.ts";
import type {
  ActivityMetric,
  VenueActivity,
  VenueActivitySummary,
  VenueKind,
} from "../../../read/query/activity.ts";
import type { LoginService, ResearcherDirectory } from "../../../read/services.ts";
import { silentLogger } from "../../../runtime/logger.ts";
import { forFile } from "../../helpers/for-file.ts";
import { BASE_URL, servedFixture } from "../../helpers/served-fixture.ts";
import { FIXTURE_NOW } from "../../helpers/snapshot-fixture.ts";

export { BASE_URL };

/** The public conference row's fields, in the order every response lists them. */
export const CONFERENCE_ROW_KEYS = [
  "id",
  "short_name",
  "full_name",
  "submission_date",
  "notification_date",
  "conference_date",
  "location",
  "edition",
  "ccf_rank",
  "core_rank",
  "qualis_rank",
  "ccf_category",
  "core_for",
  "is_extended",
  "detail_page",
  "cp_index",
  "estimated_submission_date",
  "updated_at",
  "next_submission_date",
  "next_submission_closes_at",
  "next_submission_estimated",
  "outlook_state",
  "data_as_of",
  "stale",
];

/** The public journal row's fields, in the order every response lists them. */
export const JOURNAL_ROW_KEYS = [
  "id",
  "short_name",
  "full_name",
  "impact_factor",
  "publisher",
  "issn",
  "ccf_rank",
  "ccf_category",
  "detail_page",
  "updated_at",
  "data_as_of",
  "stale",
];

export interface Harness {
  url: string;
  server: RunningServer;
  snapshotsDir: string;
  siteDir: string;
  get(path: string, init?: RequestInit): Promise<Response>;
  /** GET (or `init`) and parse the JSON body. */
  json<T = Envelope>(path: string, init?: RequestInit): Promise<{ res: Response; body: T }>;
  /** POST `payload` as JSON (with `headers`) and parse the JSON answer. */
  postJson<T = Envelope>(
    path: string,
    payload: unknown,
    headers?: Record<string, string>,
  ): Promise<{ res: Response; body: T }>;
  close(): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions that read them
export interface Envelope<T = any> {
  code: number;
  message: string;
  data: T;
  request_id: string;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  overrides?: ServerOverrides;
  /** Files of a static site, path → content. */
  site?: Record<string, string>;
  /** Changes to the fixture snapshot's content. */
  snapshot?: Partial<SnapshotContent>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const fixture = await servedFixture(options.site, options.snapshot);
  const config = loadConfig({ ...fixture.env, ANON_DAILY_QUOTA: "100000", ...options.env });
  const server = await startServer(config, {
    clock: () => FIXTURE_NOW,
    logger: silentLogger,
    ...options.overrides,
  });
  const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
  const json = async <T>(path: string, init?: RequestInit) => {
    const res = await get(path, init);
    return { res, body: (await res.json()) as T };
  };
  return {
    url: server.url,
    server,
    snapshotsDir: fixture.snapshotsDir,
    siteDir: fixture.siteDir,
    get,
    json,
    postJson: (path, payload, headers = {}) =>
      json(path, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(payload),
      }),
    async close() {
      await server.close();
      await fixture.remove();
    },
  };
}

/**
 * A harness for the tests of the file or describe block this is called in: `start` runs before them and the
 * harness is closed after them; its fields are filled in once it has started.
 */
export function harnessForFile(start: () => Promise<Harness>): Harness {
  const h = {} as Harness;
  const started = forFile(start, (harness) => harness.close());
  beforeAll(() => {
    Object.assign(h, started());
  });
  return h;
}

type Counts = Partial<Record<ActivityMetric, Record<string, number>>>;

/**
 * Activity store double: fixed counters, one rating and comment for venue 101, views recorded in a list. A venue's
 * summary is one object, handed out again as the SQLite store's kept reads do (so a detail is made once per access).
 */
export function fakeActivity(conferenceCounts: Counts, journalCounts: Counts = {}) {
  const views: { kind: VenueKind; id: string }[] = [];
  const countsOf = (kind: VenueKind) => (kind === "conference" ? conferenceCounts : journalCounts);
  const summaries = new Map<string, VenueActivitySummary>();
  const summaryOf = (kind: VenueKind, id: string): VenueActivitySummary => ({
    trackers_count: countsOf(kind).trackers?.[id] ?? 0,
    attendees_count: countsOf(kind).attendees?.[id] ?? 0,
    rating_summary: id === "101" ? { average: 4.5, count: 2 } : null,
    comments:
      id === "101"
        ? [
            {
              id: "c1",
              author_id: "r1",
              author_name: "Ada",
              body: "Great venue.",
              created_at: "2026-06-01T10:00:00Z",
            },
          ]
        : [],
  });
  const activity: VenueActivity = {
    counts: async (kind, metric) => new Map(Object.entries(countsOf(kind)[metric] ?? {})),
    summary: async (kind, id) => {
      const key = `${kind} ${id}`;
      const summary = summaries.get(key) ?? summaryOf(kind, id);
      summaries.set(key, summary);
      return summary;
    },
    recordView: async (kind, id) => {
      views.push({ kind, id });
    },
  };
  return { activity, views };
}

/**
 * Access double: "Bearer account-key" is an account, "X-Paid-Access: paid-ok" a paid request, any other
 * credential invalid; accounts have `accountQuota` requests, anonymous callers `anonQuota`.
 */
export function fakeAccess(anonQuota = 1000, accountQuota = 1000): AccessControl {
  const used = new Map<string, number>();
  const keyOf = (c: Caller) => (c.kind === "account" ? `a:${c.accountId}` : `ip:${c.ip}`);
  const limitOf = (c: Caller) => (c.kind === "account" ? accountQuota : anonQuota);
  const report = (c: Caller, count: number, over: boolean): QuotaResult => ({
    limit: limitOf(c),
    remaining: Math.max(0, limitOf(c) - count),
    exceeded: over ? { status: c.kind === "account" ? 402 : 429, retryAfterSeconds: 3600 } : null,
  });
  return {
    async resolve(req, ip) {
      const auth = req.headers.get("authorization");
      const paid = req.headers.get("x-paid-access");
      if (paid !== null)
        return paid === "paid-ok" ? { kind: "paid", ip } : { kind: "invalid", ip, reason: "invalid_token" };
      if (auth === null) return { kind: "anonymous", ip };
      if (auth === "Bearer account-key") return { kind: "account", ip, accountId: "acct1", keyId: "key1" };
      return { kind: "invalid", ip, reason: "unknown_key" };
    },
    async consume(caller) {
      const count = used.get(keyOf(caller)) ?? 0;
      if (count >= limitOf(caller)) return report(caller, count, true);
      used.set(keyOf(caller), count + 1);
      return report(caller, count + 1, false);
    },
    async peek(caller) {
      return report(caller, used.get(keyOf(caller)) ?? 0, false);
    },
  };
}

export const ACCOUNT = { authorization: "Bearer account-key" };
export const PAID = { "x-paid-access": "paid-ok" };

export const fakeLogin: LoginService = {
  login: async (email, password) =>
    email === "ada@example.org" && password === "correct horse"
      ? { token: "jwt.token.here", token_type: "Bearer", expires_in: 15552000, user_id: "r1" }
      : null,
};

export const fakeResearchers: ResearcherDirectory = {
  find: async (id) =>
    id === "r1"
      ? {
          id: "r1",
          display_name: "Ada",
          institution: "Analytical Engine Lab",
          research_summary: "Machine learning and programming languages.",
          cv: "## Ada\n- ICML 2025",
          tracked_conference_ids: ["101", "999"],
          tracked_journal_ids: ["201"],
          attended_conference_ids: ["103"],
        }
      : null,
};
