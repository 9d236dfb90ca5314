/**
 * Every setting is checked at start with a message naming it: the readers themselves, then the real commands
 * (`npm start`'s script, the sync, the snapshot build, the server) started with bad values, which must exit
 * non-zero at once instead of serving, hanging or failing later.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, watch, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../functions/server-config.ts";
import { readBuildSettings, readSyncSettings } from "../../pipeline/settings.ts";
import { readStartSettings } from "../../scripts/start-settings.ts";

const ROOT = join(import.meta.dirname, "../..");
const upstream = join(ROOT, "test/fixtures/upstream");

describe("the settings readers", () => {
  it("name each bad value: numbers, ports, hosts, booleans, instants, directories", () => {
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT must be a whole number from 0 to 65535/);
    expect(() => loadConfig({ HOST: "999.1.1.1" })).toThrow(/HOST must be an IP address or a host name/);
    expect(() => loadConfig({ STATE_DIR: "/proc/nope" })).toThrow(
      /STATE_DIR \(\/proc\/nope\) cannot be created/,
    );
    expect(() => readBuildSettings({ UPSTREAM_DIR: upstream, BUILD_NOW: "garbage" })).toThrow(/BUILD_NOW/);
    expect(() => readBuildSettings({ UPSTREAM_DIR: "/nonexistent" })).toThrow(
      /UPSTREAM_DIR .* not an existing/,
    );
    for (const bad of ["0", "-1", "1.5", "week"])
      expect(() => readBuildSettings({ UPSTREAM_DIR: upstream, SNAPSHOT_KEEP_DAYS: bad }), bad).toThrow(
        /SNAPSHOT_KEEP_DAYS/,
      );
    expect(() => readSyncSettings({ SYNC_TIMEOUT_MS: "soon" })).toThrow(/SYNC_TIMEOUT_MS/);
    expect(() => readStartSettings({ UPSTREAM_DIR: upstream, NIGHTLY_SYNC: "maybe" })).toThrow(
      /NIGHTLY_SYNC/,
    );
    expect(() => readStartSettings({ UPSTREAM_DIR: upstream, ROLE: "leader" })).toThrow(/ROLE/);
  });

  it("checks a state directory still to be made without making or removing it (another process may be making it)", async () => {
    const parent = mkdtempSync(join(tmpdir(), "vd-settings-"));
    const state = join(parent, "var");
    const touched: string[] = [];
    const watcher = watch(parent, (_event, name) => touched.push(String(name)));
    expect(loadConfig({ STATE_DIR: state }).store.STATE_DIR).toBe(state);
    await new Promise((done) => setTimeout(done, 200));
    watcher.close();
    // It probed the parent, never "var" itself (made and removed under a process making it), and left nothing.
    expect(touched.length).toBeGreaterThan(0);
    expect(touched).not.toContain("var");
    expect(readdirSync(parent)).toEqual([]);
    mkdirSync(state);
    writeFileSync(join(state, "accounts.sqlite"), "");
    expect(loadConfig({ STATE_DIR: state }).store.STATE_DIR).toBe(state);
    expect(readdirSync(state)).toEqual(["accounts.sqlite"]);
  });

  it("accept good values and defaults", () => {
    expect(loadConfig({ HOST: "::1", PORT: "65535" })).toMatchObject({ host: "::1", port: 65535 });
    expect(loadConfig({ HOST: "venues.example.org" }).host).toBe("venues.example.org");
    const build = readBuildSettings({
      UPSTREAM_DIR: upstream,
      BUILD_NOW: "2026-11-22T06:00:00Z",
      SNAPSHOT_KEEP_DAYS: "30",
    });
    expect(build.keepDays).toBe(30);
    expect(build.now().toISOString()).toBe("2026-11-22T06:00:00.000Z");
    expect(readBuildSettings({ UPSTREAM_DIR: upstream }).keepDays).toBe(7);
    for (const [value, on] of [
      ["true", true],
      ["0", false],
      ["FALSE", false],
      ["1", true],
    ] as const)
      expect(readStartSettings({ UPSTREAM_DIR: upstream, NIGHTLY_SYNC: value }).nightlySync).toBe(on);
  });

  it("PORT=0 never puts port 0 into links: it needs PUBLIC_BASE_URL", () => {
    expect(() => loadConfig({ PORT: "0" })).toThrow(/PORT=0 .* needs PUBLIC_BASE_URL/);
    expect(loadConfig({ PORT: "0", PUBLIC_BASE_URL: "https://v.example" }).publicBaseUrl).toBe(
      "https://v.example",
    );
  });
});

describe("npm start's folders", () => {
  it("are the repository's snapshots/ and dist/ unless set, whatever the current directory, for every role", () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "vd-start-folders-"));
    const env = { UPSTREAM_DIR: upstream, STATE_DIR: join(elsewhere, "var"), NIGHTLY_SYNC: "false" };
    const script = `
      const { readStartSettings } = await import(${JSON.stringify(join(ROOT, "scripts/start-settings.ts"))});
      const env = ${JSON.stringify({ ...env, PUBLIC_BASE_URL: "https://v.example" })};
      const folders = (e) => { const s = readStartSettings(e); return [s.snapshotsDir, s.siteDir]; };
      console.log(JSON.stringify([
        ...["all", "builder", "server"].map((ROLE) => folders({ ...env, ROLE })),
        folders({ ...env, SNAPSHOTS_DIR: "mine/snapshots", SITE_DIR: "mine/dist" }),
      ]));`;
    // Run from another directory, as a supervisor may start it; the loader named by path, as it is not found there.
    const printed = execFileSync(
      process.execPath,
      ["--import", join(ROOT, "node_modules/tsx/dist/loader.mjs"), "--input-type=module", "-e", script],
      { cwd: elsewhere, encoding: "utf8" },
    );
    const repository = [join(ROOT, "snapshots"), join(ROOT, "dist")];
    // A folder that is set is taken as given, relative to where the command runs.
    expect(JSON.parse(printed)).toEqual([
      repository,
      repository,
      repository,
      [join(elsewhere, "mine/snapshots"), join(elsewhere, "mine/dist")],
    ]);
  });
});

/** Runs a script to its end (at most `ms`); a process still running then counts as hanging. */
function run(script: string, env: Record<string, string>, args: string[] = [], ms = 20_000) {
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "silent", REDIS_URL: "", ...env },
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c));
  child.stderr.on("data", (c: Buffer) => (output += c));
  return new Promise<{ code: number | null; output: string }>((done) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.on("exit", (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

describe("a start with a bad value stops at once, naming it", () => {
  const work = mkdtempSync(join(tmpdir(), "vd-settings-"));
  const base = {
    UPSTREAM_DIR: upstream,
    SNAPSHOTS_DIR: join(work, "snapshots"),
    STATE_DIR: join(work, "var"),
  };

  it("npm start lists every bad value before building anything", async () => {
    const { code, output } = await run("scripts/start.ts", {
      ...base,
      SNAPSHOT_KEEP_DAYS: "abc",
      NIGHTLY_SYNC: "maybe",
      SYNC_TIMEOUT_MS: "soon",
      UPSTREAM_DIR: "/nonexistent",
      PORT: "70000",
      BUILD_NOW: "garbage",
    });
    expect(code).toBe(2);
    for (const name of [
      "SNAPSHOT_KEEP_DAYS",
      "NIGHTLY_SYNC",
      "SYNC_TIMEOUT_MS",
      "UPSTREAM_DIR",
      "PORT",
      "BUILD_NOW",
    ])
      expect(output).toContain(name);
    expect(output).not.toContain("▶");
    expect(output).not.toMatch(/\n\s+at /);
  });

  it("a state store that cannot be opened ends the server with exit 1, no hang", async () => {
    const started = Date.now();
    const { code, output } = await run("scripts/serve.ts", {
      ...base,
      STATE_DIR: "/proc/nope",
      PORT: "4469",
    });
    expect(code).toBe(1);
    expect(output).toContain("STATE_DIR (/proc/nope)");
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("the accounts CLI on an unusable STATE_DIR fails instead of hanging", async () => {
    const { code, output } = await run("scripts/accounts.ts", { STATE_DIR: "/proc/nope" }, [
      "list-keys",
      "--email",
      "a@b.c",
    ]);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toMatch(/state store|STATE_DIR/);
  });

  it("the sync refuses a source it does not know", async () => {
    const { code, output } = await run("scripts/sync.ts", { ...base, UPSTREAM_DIR: join(work, "up") }, [
      "bogus",
    ]);
    expect(code).toBe(2);
    expect(output).toContain("unknown source or folder: bogus");
  });

  it("the snapshot build names a bad SNAPSHOT_KEEP_DAYS before reading anything", async () => {
    const { code, output } = await run("scripts/snapshot.ts", { ...base, SNAPSHOT_KEEP_DAYS: "week" });
    expect(code).toBe(1);
    expect(output).toContain("SNAPSHOT_KEEP_DAYS");
  });
});
