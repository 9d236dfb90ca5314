/** `npm run serve` as a process: it opens the state store, serves credentials from it, and closes it on SIGTERM. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, createUser } from "../../accounts/auth/accounts.ts";
import { SqliteStore } from "../../accounts/store/sqlite-store.ts";
import { serve, stopCleanly } from "../faults/serve-process.ts";
import { runTs } from "../helpers/run-ts.ts";
import { tempSnapshotsDir, writeFixtureSnapshot } from "../helpers/snapshot-fixture.ts";

const KEYED_REQUESTS = 25;

describe("scripts/serve.ts", () => {
  let stateDir: string;
  let snapshotsDir: string;
  beforeAll(async () => {
    stateDir = await mkdtemp(join(tmpdir(), "vd-serve-state-"));
    snapshotsDir = await tempSnapshotsDir();
    await writeFixtureSnapshot(snapshotsDir);
  });
  afterAll(async () => {
    await rm(stateDir, { recursive: true, force: true });
    await rm(snapshotsDir, { recursive: true, force: true });
  });

  it("serves keys from STATE_DIR, including one created while it runs, and on SIGTERM writes every key use and exits", async () => {
    const server = await serve({
      PORT: "0",
      PUBLIC_BASE_URL: "https://venues.test",
      HOST: "127.0.0.1",
      STATE_DIR: stateDir,
      REDIS_URL: "",
      SNAPSHOTS_DIR: snapshotsDir,
      SITE_DIR: stateDir,
      LOG_LEVEL: "silent",
    });
    try {
      const store = new SqliteStore({ dir: stateDir });
      let key: string;
      try {
        await createUser(store, { email: "ops@example.org", password: "a long enough password" });
        ({ key } = await createKey(store, "ops@example.org"));
      } finally {
        await store.close();
      }
      const answers = await Promise.all(
        Array.from({ length: KEYED_REQUESTS }, async () => {
          const res = await fetch(`${server.url}/api/journals/201`, {
            headers: { authorization: `Bearer ${key}` },
          });
          await res.arrayBuffer();
          return [res.status, Number(res.headers.get("x-quota-remaining"))];
        }),
      );
      expect(answers.map(([status]) => status)).toEqual(Array(KEYED_REQUESTS).fill(200));
      expect(Math.min(...answers.map(([, remaining]) => remaining ?? 0))).toBe(200 - KEYED_REQUESTS);
    } finally {
      await stopCleanly(server);
    }
    // Closed cleanly: the key's uses, counted in the process and written in batches, are all there.
    const reopened = new SqliteStore({ dir: stateDir });
    const account = await reopened.findAccountByEmail("ops@example.org");
    expect((await reopened.listApiKeys(account?.id ?? ""))[0]?.usageCount).toBe(KEYED_REQUESTS);
    await reopened.close();
  });

  it("refuses to start on a bad setting, naming it", async () => {
    const run = await runTs("scripts/serve.ts", [], {
      env: { ACCOUNT_DAILY_QUOTA: "lots", SNAPSHOTS_DIR: snapshotsDir, STATE_DIR: stateDir },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Cannot start the server: invalid configuration:[\s\S]*ACCOUNT_DAILY_QUOTA/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
