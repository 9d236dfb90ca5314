/**
 * Public researcher profiles from the state store, looked up by id only (there is no search or listing). Every
 * account has one from its creation (the initial profile until edited); a profile its owner made private is as
 * absent as an unknown one. Nothing that reaches a contact is served: the account's e-mail is never
 * read into the record, and the free-text fields pass through redactContacts.
 */

import type { VenueFactLookup } from "../../read/query/venue-facts.ts";
import type { ResearcherDirectory, ResearcherRecord } from "../../read/services.ts";
import { initialProfile } from "../auth/accounts.ts";
import type { Store } from "../store/types.ts";
import { publicName, redactOptional } from "./contacts.ts";
import { summarizeInterests } from "./interests.ts";

/** Account ids are short tokens; anything else cannot name a profile. */
const RESEARCHER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function createResearcherDirectory(store: Store, venueFacts: VenueFactLookup): ResearcherDirectory {
  return {
    async find(id): Promise<ResearcherRecord | null> {
      if (!RESEARCHER_ID.test(id)) return null;
      const account = await store.getAccount(id);
      if (!account?.verified) return null;
      // Every account has a public profile from its creation; only an explicit opt-out hides it.
      const profile = (await store.getProfile(id)) ?? initialProfile(account);
      if (!profile.public) return null;
      // Tracked venues hidden by their owner are left out everywhere, the summary included.
      const shown = profile.hideTracked
        ? { ...profile, trackedConferences: [], trackedJournals: [] }
        : profile;
      const facts = await venueFacts({
        conferences: [...shown.trackedConferences, ...shown.attendedConferences],
        journals: shown.trackedJournals,
      });
      return {
        id,
        display_name: publicName(account.name),
        institution: redactOptional(shown.institution),
        research_summary: summarizeInterests(shown, facts),
        cv: redactOptional(shown.cv),
        tracked_conference_ids: shown.trackedConferences,
        tracked_journal_ids: shown.trackedJournals,
        attended_conference_ids: shown.attendedConferences,
      };
    },
  };
}
