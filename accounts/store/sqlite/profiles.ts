/** Researcher profiles in SQLite: `profiles`, and the venues each tracks or attended in `profile_venues`. */
import type { ProfileStore, VenueKind } from "../types.ts";
import type { SqliteConnections } from "./connections.ts";
import { num, str, strOrNull } from "./rows.ts";

export function sqliteProfiles(c: SqliteConnections): ProfileStore {
  const { db } = c;
  return {
    async getProfile(accountId) {
      const row = db.prepare("SELECT * FROM profiles WHERE account_id = ?").get(accountId);
      if (!row) return null;
      const venues = db
        .prepare("SELECT relation, kind, venue_id FROM profile_venues WHERE account_id = ? ORDER BY position")
        .all(accountId);
      const pick = (relation: string, kind: VenueKind) =>
        venues.filter((v) => v.relation === relation && v.kind === kind).map((v) => str(v.venue_id));
      return {
        accountId,
        public: num(row.public) === 1,
        institution: strOrNull(row.institution),
        cv: strOrNull(row.cv),
        trackedConferences: pick("tracks", "conference"),
        trackedJournals: pick("tracks", "journal"),
        attendedConferences: pick("attended", "conference"),
        // Only a profile that hides them says so (absent: shown), so profiles from before read as they were.
        ...(num(row.hide_tracked) === 1 ? { hideTracked: true } : {}),
        updatedAt: str(row.updated_at),
      };
    },

    async putProfile(p) {
      const links: [string, VenueKind, string[]][] = [
        ["tracks", "conference", p.trackedConferences],
        ["tracks", "journal", p.trackedJournals],
        ["attended", "conference", p.attendedConferences],
      ];
      c.transaction(db, () => {
        db.prepare(
          `INSERT INTO profiles (account_id, public, institution, cv, hide_tracked, updated_at)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT(account_id) DO UPDATE SET public = excluded.public, institution = excluded.institution,
             cv = excluded.cv, hide_tracked = excluded.hide_tracked, updated_at = excluded.updated_at`,
        ).run(p.accountId, p.public ? 1 : 0, p.institution, p.cv, p.hideTracked ? 1 : 0, p.updatedAt);
        db.prepare("DELETE FROM profile_venues WHERE account_id = ?").run(p.accountId);
        const insert = db.prepare(
          `INSERT OR IGNORE INTO profile_venues (account_id, relation, kind, venue_id, position)
           VALUES (?, ?, ?, ?, ?)`,
        );
        for (const [relation, kind, ids] of links) {
          ids.forEach((id, position) => {
            insert.run(p.accountId, relation, kind, id, position);
          });
        }
      });
    },
  };
}
