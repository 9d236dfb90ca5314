/**
 * Researcher profiles in Redis: the hash `profile:<account>`, its venue lists as JSON; writing one moves the
 * derived counts (`trackers:<kind>`, `attendees:conference`) in the same script.
 */
import { PUT_PROFILE } from "../redis-scripts.ts";
import { uniqueIds } from "../shared.ts";
import type { ProfileStore } from "../types.ts";
import { isEmpty, opt, type RedisContext, req } from "./context.ts";

export function redisProfiles(context: RedisContext): ProfileStore {
  const putProfile = context.script("vdPutProfile", 4, PUT_PROFILE);
  return {
    async getProfile(accountId) {
      const f = await context.redis.hgetall(`profile:${accountId}`);
      if (isEmpty(f)) return null;
      const list = (name: string): string[] => JSON.parse(f[name] ?? "[]") as string[];
      return {
        accountId,
        public: f.public === "1",
        institution: opt(f, "institution"),
        cv: opt(f, "cv"),
        trackedConferences: list("tracked_conferences"),
        trackedJournals: list("tracked_journals"),
        attendedConferences: list("attended_conferences"),
        // Only a profile that hides them says so (absent: shown), so profiles from before read as they were.
        ...(f.hide_tracked === "1" ? { hideTracked: true } : {}),
        updatedAt: req(f, "updated_at"),
      };
    },

    async putProfile(p) {
      const scalars: Record<string, string | null> = {
        public: p.public ? "1" : "0",
        institution: p.institution,
        cv: p.cv,
        hide_tracked: p.hideTracked ? "1" : "0",
        updated_at: p.updatedAt,
      };
      const set = Object.entries(scalars).filter(([, v]) => v !== null);
      const del = Object.entries(scalars)
        .filter(([, v]) => v === null)
        .map(([k]) => k);
      const lists = [p.trackedConferences, p.trackedJournals, p.attendedConferences];
      await putProfile(
        `profile:${p.accountId}`,
        "trackers:conference",
        "trackers:journal",
        "attendees:conference",
        ...lists.map((ids) => JSON.stringify(uniqueIds(ids))),
        JSON.stringify(set),
        JSON.stringify(del),
      );
    },
  };
}
