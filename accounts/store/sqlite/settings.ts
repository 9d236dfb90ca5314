/** Settings in SQLite: `settings`, a value written once and kept. */
import type { SettingStore } from "../types.ts";
import type { SqliteConnections } from "./connections.ts";
import { str } from "./rows.ts";

export function sqliteSettings({ db }: SqliteConnections): SettingStore {
  return {
    async getOrInitSetting(key, candidate) {
      const row = db
        .prepare(
          `INSERT INTO settings (key, value) VALUES (?, ?)
           ON CONFLICT(key) DO UPDATE SET value = settings.value RETURNING value`,
        )
        .get(key, candidate);
      return str(row?.value);
    },
    async getSetting(key) {
      const row = db.prepare("SELECT value FROM settings WHERE key = ?").get(key);
      return row ? str(row.value) : null;
    },
  };
}
