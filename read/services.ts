/**
 * Seams the accounts store plugs into: login and researcher profiles. The defaults keep the routes working
 * (with their validation and error envelopes) in a deployment that has no accounts.
 */
import type { LoginResult } from "./schema/accounts.ts";

/** A login attempt not checked: the client tried too often, or hashing is busy (answered 429 with Retry-After). */
export interface LoginRefusal {
  retryAfterSeconds: number;
  reason: string;
}

export type LoginOutcome = LoginResult | LoginRefusal | null;

export interface LoginService {
  /** A token for valid credentials; null for wrong e-mail or password (answered as envelope code 401). */
  login(email: string, password: string, context: { ip: string }): Promise<LoginOutcome>;
}

/** What the directory stores about a researcher; the API resolves the venue ids into compact rows. */
export interface ResearcherRecord {
  id: string;
  display_name: string;
  institution: string | null;
  research_summary: string | null;
  /** Markdown. */
  cv: string | null;
  tracked_conference_ids: string[];
  tracked_journal_ids: string[];
  attended_conference_ids: string[];
}

export interface ResearcherDirectory {
  /** The public profile, or null when no researcher has this id (or it is not public). */
  find(id: string): Promise<ResearcherRecord | null>;
}

export const noLogin: LoginService = { login: async () => null };

export const noResearchers: ResearcherDirectory = { find: async () => null };
