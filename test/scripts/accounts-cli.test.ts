/** The accounts CLI, spawned as a user would run it, sharing its state with a "server" store opened here. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveCaller } from "../../accounts/auth/credentials.ts";
import { verifyPaidAccess } from "../../accounts/auth/paid.ts";
import { RedisStore } from "../../accounts/store/redis-store.ts";
import { SqliteStore } from "../../accounts/store/sqlite-store.ts";
import type { Store } from "../../accounts/store/types.ts";
import { headers, PAID_KEY, testConfig } from "../accounts/auth/helpers.ts";
import { type RedisServer, skipRedis, startRedis } from "../helpers/redis-server.ts";
import { runTs } from "../helpers/run-ts.ts";

const PASSWORD = "a long enough password";

function cli(env: Record<string, string | undefined>) {
  return async (args: string[], input?: string) => {
    const result = await runTs("scripts/accounts.ts", args, { env, input });
    return { ...result, json: result.stdout ? JSON.parse(result.stdout) : null };
  };
}

/** A command line: the command, then each option as `--name value`. */
const commandLine = (command: string, options: Record<string, string>) => [
  command,
  ...Object.entries(options).flatMap(([name, value]) => [`--${name}`, value]),
];

/** Every failure is one JSON object on stderr, with no stack trace. */
function errorOf(stderr: string): { code: string; message: string } {
  expect(stderr).not.toMatch(/\n\s+at /);
  return (JSON.parse(stderr) as { error: { code: string; message: string } }).error;
}

const callerWith = (store: Store, key: string) =>
  resolveCaller(
    {
      headers: headers({ Authorization: `Bearer ${key}` }),
      path: "/api/conferences/1",
      ip: "192.0.2.1",
    },
    store,
    testConfig(),
  );

describe("accounts CLI on the file store", () => {
  const dir = mkdtempSync(join(tmpdir(), "vd-cli-"));
  // SNAPSHOTS_DIR without a snapshot: venue ids are not checked against one (a test below gives it one).
  const run = cli({ STATE_DIR: dir, SNAPSHOTS_DIR: dir, REDIS_URL: "", PAID_ACCESS_KEY: PAID_KEY });
  let server: SqliteStore;

  beforeAll(() => {
    server = new SqliteStore({ dir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("creates a verified user and refuses duplicates, weak passwords and bad e-mails", async () => {
    const created = await run(
      commandLine("create-user", { email: "Ada@Example.org", password: PASSWORD, name: "Ada" }),
    );
    expect(created.code).toBe(0);
    expect(created.json).toMatchObject({ email: "ada@example.org", name: "Ada", verified: true });
    expect(JSON.stringify(created.json)).not.toContain(PASSWORD);
    expect((await server.findAccountByEmail("ada@example.org"))?.id).toBe(created.json.id);

    const duplicate = await run(["create-user", "--email", "ada@example.org", "--password", PASSWORD]);
    expect(duplicate.code).toBe(1);
    expect(errorOf(duplicate.stderr).code).toBe("duplicate_email");
    const weak = await run(["create-user", "--email", "b@example.org", "--password", "123456789"]);
    expect(errorOf(weak.stderr)).toMatchObject({
      code: "invalid_input",
      message: expect.stringMatching(/10/),
    });
    const bad = await run(["create-user", "--email", "b@", "--password", PASSWORD]);
    expect(errorOf(bad.stderr).code).toBe("invalid_input");

    const piped = await run(["create-user", "--email", "c@example.org", "--password-stdin"], `${PASSWORD}\n`);
    expect(piped.code).toBe(0);
  });

  it("prints a key once, never lists it, and a revocation reaches the running server at once", async () => {
    const created = await run(["create-key", "--email", "ada@example.org", "--label", "laptop"]);
    expect(created.code).toBe(0);
    const { key, id } = created.json as { key: string; id: string };
    expect(key).toMatch(/^vd_/);
    expect(await callerWith(server, key)).toMatchObject({ kind: "account", keyId: id });

    const listed = await run(["list-keys", "--email", "ada@example.org"]);
    expect(listed.json.keys).toEqual([expect.objectContaining({ id, label: "laptop", revoked_at: null })]);
    expect(listed.stdout).not.toContain(key);

    const revoked = await run(["revoke-key", "--email", "ada@example.org", "--key-id", id]);
    expect(revoked.json.revoked_at).toEqual(expect.any(String));
    expect(await callerWith(server, key)).toMatchObject({ kind: "invalid", reason: "revoked_key" });

    const missing = await run(["revoke-key", "--email", "ada@example.org", "--key-id", "key_nope"]);
    expect([missing.code, errorOf(missing.stderr).code]).toEqual([1, "not_found"]);
  });

  it("sets profile fields, and the server's tracker counts follow", async () => {
    const set = await run(
      commandLine("set-profile", {
        email: "ada@example.org",
        public: "true",
        cv: "Compilers and engines.",
        track: "10,11",
        "track-journals": "5",
        attend: "10",
      }),
    );
    expect(set.code).toBe(0);
    expect(set.json).toMatchObject({
      public: true,
      cv: "Compilers and engines.",
      tracked_conferences: ["10", "11"],
      tracked_journals: ["5"],
      attended_conferences: ["10"],
    });
    expect((await server.venueActivity("conference", "10", 0)).counts).toEqual({ trackers: 1, attendees: 1 });

    const cleared = await run(
      commandLine("set-profile", { email: "ada@example.org", track: "", public: "false" }),
    );
    expect(cleared.json).toMatchObject({
      public: false,
      tracked_conferences: [],
      attended_conferences: ["10"],
    });
    expect((await server.venueActivity("conference", "11", 0)).counts).toEqual({ trackers: 0, attendees: 0 });

    const badId = await run(["set-profile", "--email", "ada@example.org", "--attend", "x1"]);
    expect(errorOf(badId.stderr).code).toBe("invalid_input");
    const badFlag = await run(["set-profile", "--email", "ada@example.org", "--public", "yes"]);
    expect([badFlag.code, errorOf(badFlag.stderr).code]).toEqual([2, "usage"]);
  });

  it("refuses venue ids the snapshot does not know, naming them", async () => {
    // The id registry of a snapshot, as the build writes it: current ids, and ids merged into another.
    const snapshotsDir = mkdtempSync(join(tmpdir(), "vd-cli-snapshots-"));
    mkdirSync(join(snapshotsDir, "latest"));
    const kind = (entries: string[], merged: Record<string, string>) => ({
      entries: Object.fromEntries(entries.map((id) => [id, { keys: [] }])),
      retired: Object.keys(merged),
      merged,
    });
    writeFileSync(
      join(snapshotsDir, "latest", "ids.json"),
      JSON.stringify({ version: 1, conferences: kind(["101"], { "7": "101" }), journals: kind(["201"], {}) }),
    );
    const withSnapshot = cli({ STATE_DIR: dir, SNAPSHOTS_DIR: snapshotsDir, REDIS_URL: "" });
    const known = await withSnapshot(["set-profile", "--email", "ada@example.org", "--track", "101,7"]);
    expect(known.json).toMatchObject({ tracked_conferences: ["101", "7"] });
    const unknown = await withSnapshot(["set-profile", "--email", "ada@example.org", "--track", "101,99999"]);
    expect([unknown.code, errorOf(unknown.stderr)]).toEqual([
      1,
      { code: "invalid_input", message: "--track: the snapshot has no conference with id 99999" },
    ]);
    rmSync(snapshotsDir, { recursive: true, force: true });
  });

  it("mints paid-access tokens bound to a path, and needs PAID_ACCESS_KEY", async () => {
    const minted = await run(["paid-token", "--path", "/api/journals/3", "--ttl", "120"]);
    expect(minted.json).toMatchObject({ header: "X-Paid-Access", path: "/api/journals/3" });
    expect(await verifyPaidAccess(minted.json.value, "/api/journals/3", PAID_KEY)).toBe(true);
    expect(await verifyPaidAccess(minted.json.value, "/api/journals/4", PAID_KEY)).toBe(false);

    const unset = await cli({ STATE_DIR: dir, PAID_ACCESS_KEY: "" })(["paid-token"]);
    expect([unset.code, errorOf(unset.stderr).code]).toEqual([1, "config"]);
    const badTtl = await run(["paid-token", "--ttl", "-3"]);
    expect(errorOf(badTtl.stderr).code).toBe("usage");
  });

  it("answers usage mistakes with exit code 2 and a JSON error", async () => {
    for (const args of [
      ["frobnicate"],
      ["create-key"],
      ["list-keys", "--email", "a@b.org", "--bogus", "1"],
    ]) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(errorOf(result.stderr).code).toBe("usage");
      expect(result.stdout).toBe("");
    }
    const help = await run(["help"]);
    expect(help.code).toBe(0);
    expect(help.json.usage).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\s+create-user\s+--email/)]),
    );
  });
});

describe.skipIf(skipRedis)("accounts CLI on Redis", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis.stop());

  it("writes to the Redis store when REDIS_URL is set", async () => {
    const run = cli({ REDIS_URL: redis.url, STATE_DIR: mkdtempSync(join(tmpdir(), "vd-cli-redis-")) });
    expect((await run(["create-user", "--email", "r@example.org", "--password", PASSWORD])).code).toBe(0);
    const { key } = (await run(["create-key", "--email", "r@example.org"])).json as { key: string };
    const server = await RedisStore.connect({ url: redis.url });
    try {
      expect(await callerWith(server, key)).toMatchObject({ kind: "account", keyId: expect.any(String) });
    } finally {
      await server.close();
    }
  });
});
