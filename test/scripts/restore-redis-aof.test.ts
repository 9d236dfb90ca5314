/**
 * The Redis restore of docs/operations.md with the persistence the docs recommend (`appendonly yes`): `npm run
 * backup`, the Redis emptied and restarted, `npm run restore -- FILE`, Redis restarted again (it loads its AOF), and
 * the account and its API key are back: the key made before the backup authenticates on a server started after.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { bearer, startTestService } from "../helpers/accounts-service.ts";
import { type RedisServer, skipRedis, startRedis } from "../helpers/redis-server.ts";
import { runTs } from "../helpers/run-ts.ts";

const PREFIX = "aof:";

describe.skipIf(skipRedis)("Redis restored from a backup with AOF on", () => {
  const dirs: string[] = [];
  let redis: RedisServer | undefined;
  afterAll(async () => {
    await redis?.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const temp = async (name: string) => {
    const dir = await mkdtemp(join(tmpdir(), name));
    dirs.push(dir);
    return dir;
  };
  // AOF on, as docs/operations.md recommends; RDB snapshots off, so only the AOF can bring data back.
  const startAof = (dataDir: string) =>
    startRedis(["--dir", dataDir, "--appendonly", "yes", "--appendfsync", "always"]);

  it("brings accounts and keys back after Redis restarts", async () => {
    const dataDir = await temp("vd-aof-data-");
    const stateDir = await temp("vd-aof-state-");
    redis = await startAof(dataDir);
    const env = () => ({ REDIS_URL: redis?.url ?? "", REDIS_PREFIX: PREFIX, STATE_DIR: stateDir });
    const cli = (args: string[]) =>
      runTs("scripts/accounts.ts", args, { env: env(), input: "a long enough password\n" });
    expect((await cli(["create-user", "--email", "b@example.org", "--password-stdin"])).code).toBe(0);
    const key = (
      JSON.parse((await cli(["create-key", "--email", "b@example.org"])).stdout) as { key: string }
    ).key;

    const file = join(stateDir, "backups", "before.redis");
    const made = await runTs("scripts/backup.ts", ["--to", file], { env: env() });
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout)).toMatchObject({ backend: "redis", export: { file, prefix: PREFIX } });
    expect(JSON.parse(made.stdout).export.keys).toBeGreaterThan(2);

    // The state lost: everything gone, persisted as gone (AOF), Redis restarted.
    const admin = new Redis(redis.url);
    await admin.flushall();
    admin.disconnect();
    await redis.stop();
    redis = await startAof(dataDir);
    const empty = new Redis(redis.url);
    expect(await empty.dbsize()).toBe(0);
    empty.disconnect();

    const restored = await runTs("scripts/restore.ts", [file], { env: env() });
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ prefix: PREFIX, removed: 0 });

    // Redis restarted after the restore: it loads its AOF, which holds the restored keys.
    await redis.stop();
    redis = await startAof(dataDir);
    const service = await startTestService(env());
    try {
      const listed = await cli(["list-keys", "--email", "b@example.org"]);
      expect(listed.code, listed.stderr).toBe(0);
      expect((JSON.parse(listed.stdout) as { keys: unknown[] }).keys).toHaveLength(1);
      expect((await service.fetch("/api/conferences", { headers: bearer(key) })).status).toBe(200);
      expect((await service.fetch("/api/conferences", { headers: bearer(`${key}x`) })).status).toBe(401);
    } finally {
      await service.close();
    }
  }, 60_000);

  it("refuses a file that is not a Redis export, changing nothing", async () => {
    const stateDir = await temp("vd-aof-bad-");
    const file = join(stateDir, "not-a-backup.redis");
    await import("node:fs/promises").then((fs) => fs.writeFile(file, '{"format":"other"}\n'));
    const run = await runTs("scripts/restore.ts", [file], {
      env: { REDIS_URL: redis?.url ?? "", REDIS_PREFIX: PREFIX, STATE_DIR: stateDir },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/is not a Redis export of npm run backup/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
