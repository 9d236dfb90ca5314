/**
 * The state markers' names (accounts/store/state-identity.ts): distinct Redis key prefixes get distinct markers
 * (`vd:` and `vd` used to share `redis-vd.state-id`, so the second of them was refused as "empty"), and a marker an
 * earlier version wrote keeps protecting its store after the upgrade. Over a real redis-server and real files.
 */
import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import fc from "fast-check";
import Redis from "ioredis";
import { describe, expect, it } from "vitest";
import { openStore } from "../../../accounts/store/index.ts";
import {
  legacyStateMarkerFile,
  StateRefused,
  stateMarkerFile,
  storedStateId,
} from "../../../accounts/store/state-identity.ts";
import { withRedis } from "../../helpers/redis-server.ts";
import { tempDirsForFile } from "../../helpers/temp-dirs.ts";

const tempDir = tempDirsForFile("vd-state-marker-");

describe("marker names", () => {
  it("the usual `name:` prefixes keep the name they always had; SQLite's is unchanged", () => {
    expect(basename(stateMarkerFile("/s", "vd:"))).toBe("redis-vd.state-id");
    expect(basename(stateMarkerFile("/s", "venues-2:"))).toBe("redis-venues-2.state-id");
    expect(basename(stateMarkerFile("/s", null))).toBe("sqlite.state-id");
    expect(legacyStateMarkerFile("/s", "vd:")).toBeNull();
  });

  it("prefixes that shared a marker before get one each", () => {
    const names = ["vd:", "vd", "", "default", "default:", "v.d:", "vd::", "v:d:", "vd%3A"].map((p) =>
      basename(stateMarkerFile("/s", p)),
    );
    expect(new Set(names).size).toBe(names.length);
    expect(basename(stateMarkerFile("/s", "vd"))).toBe("redis@vd.state-id");
    expect(basename(stateMarkerFile("/s", "v.d:"))).toBe("redis@v%2Ed%3A.state-id");
    expect(legacyStateMarkerFile("/s", "vd")).toBe(join("/s", "redis-vd.state-id"));
  });

  /** A prefix and another one: random, or one an earlier name scheme or a careless encoding would confuse with it. */
  const related = (a: string) =>
    fc.tuple(
      fc.constant(a),
      fc.oneof(
        fc.string(),
        fc.constantFrom(`${a}:`, a.slice(0, -1), a.replace(/[^\w-]/g, ""), a.replace(/:/g, "%3A"), `${a}@`),
      ),
    );

  it("any two distinct prefixes: distinct file names, each a single name a file system takes", () => {
    const prefix = fc.oneof(
      fc.string(),
      fc.string({ unit: "grapheme", maxLength: 200 }),
      fc.string({ maxLength: 400 }),
    );
    fc.assert(
      fc.property(prefix.chain(related), ([a, b]) => {
        const fileA = basename(stateMarkerFile("/s", a));
        const fileB = basename(stateMarkerFile("/s", b));
        for (const name of [fileA, fileB]) {
          expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
          expect(name).not.toMatch(/[/\0]/);
        }
        expect(fileA === fileB).toBe(a === b);
      }),
      { numRuns: 2000 },
    );
  });
});

withRedis((url) => {
  const open = (prefix: string, stateDir: string) =>
    openStore({ REDIS_URL: url(), REDIS_PREFIX: prefix, STATE_DIR: stateDir });

  /** Deletes every key under `prefix`: the store emptied, as a Redis restarted without persistence leaves it. */
  async function empty(prefix: string): Promise<void> {
    const redis = new Redis(url());
    try {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  }

  it("`vd:` and `vd` on one machine: both served, each with its own marker", async () => {
    const stateDir = tempDir("both");
    const name = `a${Date.now()}`;
    const prefixes = [`${name}:`, name];
    for (const prefix of prefixes) await (await open(prefix, stateDir)).close();
    expect(readdirSync(stateDir).sort()).toEqual(
      prefixes.map((p) => basename(stateMarkerFile(stateDir, p))).sort(),
    );
    // Both still open: neither marker names the other's store.
    for (const prefix of prefixes) await (await open(prefix, stateDir)).close();
  });

  it("the default prefix: an install's marker from before still protects its store", async () => {
    const stateDir = tempDir("default");
    const prefix = `b${Date.now()}:`;
    const store = await open(prefix, stateDir);
    const id = await storedStateId(store);
    await store.close();
    // What an earlier version left: the same name, the same id.
    const marker = join(stateDir, `redis-${prefix.slice(0, -1)}.state-id`);
    writeFileSync(marker, `${id}\n`);
    await (await open(prefix, stateDir)).close();
    await empty(prefix);
    await expect(open(prefix, stateDir)).rejects.toThrow(StateRefused);
  });

  it("a prefix whose marker name changed: the earlier marker is taken over, then protects the store", async () => {
    const stateDir = tempDir("renamed");
    const prefix = `c${Date.now()}`;
    const store = await open(prefix, stateDir);
    const id = await storedStateId(store);
    await store.close();
    // An install from before: only the marker under its earlier name.
    const legacy = legacyStateMarkerFile(stateDir, prefix) as string;
    const current = stateMarkerFile(stateDir, prefix);
    writeFileSync(legacy, `${id}\n`);
    rmSync(current);
    await (await open(prefix, stateDir)).close();
    expect(existsSync(legacy)).toBe(false);
    expect(readdirSync(stateDir)).toEqual([basename(current)]);
    await empty(prefix);
    await expect(open(prefix, stateDir)).rejects.toThrow(/it was empty/);
  });

  it("an earlier-named marker of another store is left alone (it may be another prefix's)", async () => {
    const stateDir = tempDir("foreign");
    const prefix = `d${Date.now()}`;
    const legacy = legacyStateMarkerFile(stateDir, prefix) as string;
    writeFileSync(legacy, "the-state-of-another-prefix\n");
    await (await open(prefix, stateDir)).close();
    expect(readdirSync(stateDir).sort()).toEqual(
      [basename(legacy), basename(stateMarkerFile(stateDir, prefix))].sort(),
    );
  });
});
