/** `npm run serve` as a process: it opens the state store, serves credentials from it, and closes it on SIGTERM. */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, createUser } from "../../functions/auth/accounts.ts";
import { SqliteStore } from "../../functions/store/sqlite-store.ts";
import { tempSnapshotsDir, writeFixtureSnapshot } from "../helpers/snapshot-fixture.ts";
import { REPO_ROOT, runTs } from "../store/run-ts.ts";

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

  it("serves keys from STATE_DIR, including one created while it runs, and exits cleanly on SIGTERM", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: "0",
        PUBLIC_BASE_URL: "https://venues.test",
        HOST: "127.0.0.1",
        STATE_DIR: stateDir,
        REDIS_URL: "",
        SNAPSHOTS_DIR: snapshotsDir,
        SITE_DIR: stateDir,
        LOG_LEVEL: "silent",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    try {
      const port = await new Promise<number>((found, fail) => {
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const match = /bound to port (\d+)/.exec(out);
          if (match) found(Number(match[1]));
        });
        child.stderr.on("data", (chunk: Buffer) => {
          out += chunk.toString();
        });
        void exited.then((code) => fail(new Error(`serve exited with ${code}:\n${out}`)));
      });
      const store = new SqliteStore({ dir: stateDir });
      let key: string;
      try {
        await createUser(store, { email: "ops@example.org", password: "a long enough password" });
        ({ key } = await createKey(store, "ops@example.org"));
      } finally {
        await store.close();
      }
      const res = await fetch(`http://127.0.0.1:${port}/api/journals/201`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-quota-remaining")).toBe("199");
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
    // Closed cleanly: the counter it wrote is there for the next process.
    const reopened = new SqliteStore({ dir: stateDir });
    const account = await reopened.findAccountByEmail("ops@example.org");
    expect((await reopened.listApiKeys(account?.id ?? ""))[0]?.usageCount).toBe(1);
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
