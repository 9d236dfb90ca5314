/**
 * The state store's SQLite schema and its history (PRAGMA user_version): what SqliteConnections creates and upgrades,
 * and what a backup's version is checked against.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  name TEXT,
  institution TEXT,
  password_hash TEXT NOT NULL,
  password_salt TEXT NOT NULL,
  verified INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  hash TEXT NOT NULL UNIQUE,
  label TEXT,
  created_at TEXT NOT NULL,
  revoked_at TEXT,
  usage_count INTEGER NOT NULL DEFAULT 0,
  last_used_at TEXT
);
CREATE INDEX IF NOT EXISTS api_keys_account ON api_keys(account_id);
CREATE TABLE IF NOT EXISTS profiles (
  account_id TEXT PRIMARY KEY REFERENCES accounts(id),
  public INTEGER NOT NULL,
  institution TEXT,
  cv TEXT,
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS profile_venues (
  account_id TEXT NOT NULL REFERENCES accounts(id),
  relation TEXT NOT NULL CHECK (relation IN ('tracks', 'attended')),
  kind TEXT NOT NULL CHECK (kind IN ('conference', 'journal')),
  venue_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (account_id, relation, kind, venue_id)
);
CREATE INDEX IF NOT EXISTS profile_venues_venue ON profile_venues(kind, venue_id, relation);
CREATE TABLE IF NOT EXISTS counters (
  key TEXT PRIMARY KEY,
  used INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
-- Charges of requests not answered yet (Store.reserve). Only requests in flight are here, so no index on taken_at.
CREATE TABLE IF NOT EXISTS reservations (
  id TEXT PRIMARY KEY,
  key TEXT NOT NULL,
  taken_at INTEGER NOT NULL,
  window_expires INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS views (
  kind TEXT NOT NULL,
  venue_id TEXT NOT NULL,
  day TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (kind, venue_id, day)
);
CREATE TABLE IF NOT EXISTS ratings (
  kind TEXT NOT NULL,
  venue_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  demo INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (kind, venue_id, user_id)
);
CREATE TABLE IF NOT EXISTS comments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  venue_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  text TEXT NOT NULL,
  demo INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS comments_venue ON comments(kind, venue_id, id);
CREATE TABLE IF NOT EXISTS watchlists (
  id TEXT PRIMARY KEY,
  secret_hash TEXT NOT NULL,
  conferences TEXT NOT NULL,
  journals TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;

/**
 * The schema's history: entry i upgrades a database of schema version i (PRAGMA user_version) to i + 1. Append a
 * migration for every change and never edit a released one; a database written by a newer version is refused.
 * Version 1 is the schema as it stood before versions were kept (CREATE … IF NOT EXISTS), so such a database
 * becomes version 1 unchanged.
 */
export const MIGRATIONS: readonly string[] = [
  SCHEMA,
  // A reservation holds a block of units leased at once (Store.lease); one from before held one.
  "ALTER TABLE reservations ADD COLUMN held INTEGER NOT NULL DEFAULT 1;",
  // Key uses are written in batches (Store.recordKeyUses): the last batch each writing process wrote.
  `CREATE TABLE key_use_writers (
     writer TEXT PRIMARY KEY,
     sequence INTEGER NOT NULL,
     written_at INTEGER NOT NULL
   );`,
  // Addresses that logged in to an account (Store.rememberLoginAddress): exempt from the account-wide back-off.
  `CREATE TABLE login_addresses (
     account TEXT NOT NULL,
     address TEXT NOT NULL,
     expires_at INTEGER NOT NULL,
     PRIMARY KEY (account, address)
   );`,
  // Watchlists expire when untouched (Store.keepWatchlist, removeExpiredWatchlists): ms since the epoch. Lists from
  // before get the default WATCHLIST_KEEP_DAYS (180) from the upgrade.
  `ALTER TABLE watchlists ADD COLUMN expires_at INTEGER NOT NULL DEFAULT 0;
   UPDATE watchlists SET expires_at = (unixepoch() + 180 * 86400) * 1000;
   CREATE INDEX watchlists_expiry ON watchlists(expires_at);`,
  // The mail queue (Store.enqueueMail …): a pending message is due at next_at (a claim moves it to the lease's
  // end); finished_at (ms) dates a sent, suppressed or dead one for purgeMail. Addresses refused for good.
  `CREATE TABLE mail_queue (
     id TEXT PRIMARY KEY,
     dedupe_key TEXT NOT NULL UNIQUE,
     recipient TEXT NOT NULL,
     subject TEXT NOT NULL,
     text TEXT,
     html TEXT,
     headers TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'suppressed', 'dead')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_at INTEGER NOT NULL,
     lease_owner TEXT,
     created_at INTEGER NOT NULL,
     finished_at INTEGER,
     last_error TEXT
   );
   CREATE INDEX mail_queue_due ON mail_queue(status, next_at);
   CREATE INDEX mail_queue_finished ON mail_queue(finished_at) WHERE finished_at IS NOT NULL;
   CREATE TABLE mail_suppressed (
     address TEXT PRIMARY KEY,
     reason TEXT NOT NULL,
     suppressed_at INTEGER NOT NULL
   );`,
  // The site's log-in (Store.createSession …) and single-use links (Store.putOneTimeToken …): sha256 ids only,
  // expiries in ms; a reset password dates the credentials issued before it (accounts.credentials_valid_after).
  `ALTER TABLE accounts ADD COLUMN credentials_valid_after TEXT;
   CREATE TABLE sessions (
     id TEXT PRIMARY KEY,
     account_id TEXT NOT NULL,
     created_at TEXT NOT NULL,
     expires_at INTEGER NOT NULL
   );
   CREATE INDEX sessions_account ON sessions(account_id);
   CREATE INDEX sessions_expiry ON sessions(expires_at);
   CREATE TABLE one_time_tokens (
     hash TEXT PRIMARY KEY,
     purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset')),
     account_id TEXT NOT NULL,
     created_at TEXT NOT NULL,
     expires_at INTEGER NOT NULL
   );
   CREATE INDEX one_time_tokens_expiry ON one_time_tokens(expires_at);`,
  // The account page: a quota the operator granted (null: ACCOUNT_DAILY_QUOTA), a profile that hides its tracked
  // venues, and requests for a higher quota (Store.addQuotaRequest …).
  `ALTER TABLE accounts ADD COLUMN daily_quota INTEGER;
   ALTER TABLE profiles ADD COLUMN hide_tracked INTEGER NOT NULL DEFAULT 0;
   CREATE TABLE quota_requests (
     id TEXT PRIMARY KEY,
     account_id TEXT NOT NULL,
     email TEXT NOT NULL,
     requested INTEGER NOT NULL,
     reason TEXT NOT NULL,
     created_at TEXT NOT NULL,
     granted INTEGER,
     granted_at TEXT
   );
   CREATE INDEX quota_requests_account ON quota_requests(account_id);`,
  // E-mail digests (Store.createSubscription …): the target is a watchlist id or a /deadlines query string;
  // confirm_hash is the sha256 of the confirmation token and confirm_expires_at (ms) its end, both null once
  // confirmed; last_deadlines (JSON) is what the last digest listed, to say what changed since.
  `CREATE TABLE subscriptions (
     id TEXT PRIMARY KEY,
     email TEXT NOT NULL,
     target_kind TEXT NOT NULL CHECK (target_kind IN ('watchlist', 'filter')),
     target TEXT NOT NULL,
     frequency TEXT NOT NULL CHECK (frequency IN ('daily', 'weekly')),
     closes_in TEXT NOT NULL,
     time_zone TEXT NOT NULL,
     confirmed INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     confirm_hash TEXT UNIQUE,
     confirm_expires_at INTEGER,
     last_period TEXT,
     last_deadlines TEXT
   );
   CREATE INDEX subscriptions_email ON subscriptions(email);
   CREATE INDEX subscriptions_confirmed ON subscriptions(confirmed, id);`,
  // The language a digest was asked for in (its mails and their links): 'en' or 'zh'.
  "ALTER TABLE subscriptions ADD COLUMN language TEXT NOT NULL DEFAULT 'en';",
];
export const SQLITE_SCHEMA_VERSION = MIGRATIONS.length;
