/**
 * Demonstration data for a fresh deployment (`npm run seed-demo`): one demo account to log in with, a handful of
 * public researcher profiles tracking and attending real venues of the snapshot in service, and ratings and
 * comments flagged demo in the store (and saying so in their text). Running it again replaces what it made
 * instead of adding to it: accounts are reused, profiles rewritten, demo feedback removed and seeded afresh, and
 * the demo account's earlier seeded API key revoked when a fresh one is issued.
 */
import { randomBytes } from "node:crypto";
import {
  AccountError,
  createKey,
  createUser,
  listKeys,
  revokeKey,
  updateProfile,
} from "../accounts/auth/accounts.ts";
import { verifyPassword } from "../accounts/auth/passwords.ts";
import type { Store } from "../accounts/store/types.ts";
import type { QueryLayer } from "../read/query/index.ts";
import { ConferenceSearchParams, JournalRankingParams } from "../read/schema/api.ts";
import type { ResearchField } from "../snapshot/records.ts";

export const DEMO_EMAIL = "demo@example.org";
export const DEMO_KEY_LABEL = "demo (npm run seed-demo)";
/** The demo account's password, generated once per state store and kept there so every run prints the same. */
const DEMO_PASSWORD_SETTING = "demo_password";

interface Persona {
  slug: string;
  name: string;
  institution: string;
  field: ResearchField;
  /** When journals are not filed under `field` (few journals carry "ml"). */
  journalField?: ResearchField;
  cv: string;
}

const PERSONAS: Persona[] = [
  {
    slug: "ml",
    name: "Ada Demo (demo profile)",
    institution: "Demo Institute of Technology",
    field: "ml",
    journalField: "ai",
    cv: "Demo profile. Works on probabilistic machine learning; reviewer for several ML venues.",
  },
  {
    slug: "vision",
    name: "Ben Demo (demo profile)",
    institution: "Demo University",
    field: "vision",
    cv: "Demo profile. Studies 3D scene understanding and video models.",
  },
  {
    slug: "se",
    name: "Chen Demo (demo profile)",
    institution: "Demo Polytechnic",
    field: "se",
    cv: "Demo profile. Program analysis, testing and developer tools.",
  },
  {
    slug: "data",
    name: "Dana Demo (demo profile)",
    institution: "Demo College",
    field: "data",
    cv: "Demo profile. Query processing and data systems.",
  },
  {
    slug: "security",
    name: "Eve Demo (demo profile)",
    institution: "Demo Research Lab",
    field: "security",
    cv: "Demo profile. Applied cryptography and systems security.",
  },
];

const TRACKED_CONFERENCES = 3;
const ATTENDED_CONFERENCES = 2;
const TRACKED_JOURNALS = 2;

export interface SeededProfile {
  id: string;
  name: string;
  field: ResearchField;
  tracked_conferences: string[];
  tracked_journals: string[];
  attended_conferences: string[];
}

export interface DemoSeed {
  email: string;
  password: string;
  api_key: string;
  user_id: string;
  profiles: SeededProfile[];
  ratings: number;
  comments: number;
}

/** The field's best conferences: CCF A ones first when there are enough, by CP index, then id. */
async function pickConferences(query: QueryLayer, field: ResearchField): Promise<string[]> {
  const search = (extra: Record<string, string>) =>
    query.searchConferences(ConferenceSearchParams.parse({ field, per_page: "100", ...extra }));
  let rows = (await search({ ccf_rank: "a" })).conferences;
  if (rows.length < TRACKED_CONFERENCES) rows = [...rows, ...(await search({})).conferences];
  const score = (r: (typeof rows)[number]) => r.cp_index?.score ?? -1;
  const ordered = [...rows].sort((a, b) => score(b) - score(a) || Number(a.id) - Number(b.id));
  return [...new Set(ordered.map((r) => r.id))].slice(0, TRACKED_CONFERENCES);
}

async function pickJournals(query: QueryLayer, field: ResearchField): Promise<string[]> {
  const params = JournalRankingParams.parse({ field, per_page: String(TRACKED_JOURNALS) });
  const ranked = (await query.listJournals("ccf", params)).journals;
  const any = ranked.length < TRACKED_JOURNALS ? (await query.listJournals("all", params)).journals : [];
  return [...new Set([...ranked, ...any].map((j) => j.id))].slice(0, TRACKED_JOURNALS);
}

/** The account with this e-mail, created with `password` when there is none yet. */
async function ensureAccount(
  store: Store,
  email: string,
  password: string,
  name: string,
  institution: string,
): Promise<string> {
  try {
    return (await createUser(store, { email, password, name, institution })).id;
  } catch (error) {
    if (!(error instanceof AccountError && error.code === "duplicate_email")) throw error;
    const existing = await store.findAccountByEmail(email);
    if (!existing) throw error;
    return existing.id;
  }
}

async function demoAccount(store: Store): Promise<{ id: string; password: string }> {
  const password = await store.getOrInitSetting(DEMO_PASSWORD_SETTING, randomBytes(12).toString("base64url"));
  const id = await ensureAccount(store, DEMO_EMAIL, password, "Demo User (demo account)", "Demo University");
  const account = await store.getAccount(id);
  const stored = account && { hash: account.passwordHash, salt: account.passwordSalt };
  if (!stored || !(await verifyPassword(password, stored))) {
    throw new Error(
      `${DEMO_EMAIL} exists with another password than the seeded one; it was not made by seed-demo`,
    );
  }
  return { id, password };
}

/** Revokes the keys earlier runs issued, then issues a fresh one. */
async function freshDemoKey(store: Store): Promise<string> {
  for (const key of await listKeys(store, DEMO_EMAIL)) {
    if (key.label === DEMO_KEY_LABEL && key.revoked_at === null) await revokeKey(store, DEMO_EMAIL, key.id);
  }
  return (await createKey(store, DEMO_EMAIL, DEMO_KEY_LABEL)).key;
}

export async function seedDemo(store: Store, query: QueryLayer): Promise<DemoSeed> {
  const demo = await demoAccount(store);
  const profiles: SeededProfile[] = [];
  for (const persona of PERSONAS) {
    const email = `${persona.slug}@demo.example.org`;
    // Never logged into: the password is random and thrown away.
    const id = await ensureAccount(
      store,
      email,
      randomBytes(18).toString("base64url"),
      persona.name,
      persona.institution,
    );
    const conferences = await pickConferences(query, persona.field);
    const journals = await pickJournals(query, persona.journalField ?? persona.field);
    const saved = await updateProfile(store, email, {
      public: true,
      institution: persona.institution,
      cv: persona.cv,
      trackedConferences: conferences,
      trackedJournals: journals,
      attendedConferences: conferences.slice(0, ATTENDED_CONFERENCES),
    });
    profiles.push({
      id,
      name: persona.name,
      field: persona.field,
      tracked_conferences: saved.tracked_conferences,
      tracked_journals: saved.tracked_journals,
      attended_conferences: saved.attended_conferences,
    });
  }
  await updateProfile(store, DEMO_EMAIL, {
    public: true,
    cv: "Demo account created by npm run seed-demo.",
    trackedConferences: [...new Set(profiles.flatMap((p) => p.tracked_conferences.slice(0, 1)))],
    trackedJournals: [...new Set(profiles.flatMap((p) => p.tracked_journals.slice(0, 1)))],
    attendedConferences: [],
  });

  await store.removeDemoFeedback();
  let ratings = 0;
  let comments = 0;
  for (const [i, profile] of profiles.entries()) {
    const venues = [
      ...profile.tracked_conferences.map((id) => ({ kind: "conference" as const, id })),
      ...profile.tracked_journals.map((id) => ({ kind: "journal" as const, id })),
    ];
    for (const [j, venue] of venues.entries()) {
      const rating = 3 + ((i + j) % 3);
      await store.putRating({ kind: venue.kind, venueId: venue.id, userId: profile.id, rating, demo: true });
      ratings++;
    }
    for (const venueId of profile.attended_conferences) {
      await store.addComment({
        kind: "conference",
        venueId,
        userId: profile.id,
        text: "[Demo content] Sample comment from a seeded demo profile; not a real review.",
        demo: true,
      });
      comments++;
    }
  }
  return {
    email: DEMO_EMAIL,
    password: demo.password,
    api_key: await freshDemoKey(store),
    user_id: demo.id,
    profiles,
    ratings,
    comments,
  };
}
