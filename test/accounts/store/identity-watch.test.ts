/**
 * The state store's identity checked while serving (store/identity-watch.ts) and at start (state-identity.ts), on
 * the SQLite store: another state found in the open file, or the file replaced under the server, refuses every call
 * with StateIdentityLost (reported once) until the marker names the state found (a restore or accept-state on this
 * machine); an emptied store is refused at start without anything written into it.
 */
import { copyFileSync, renameSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { StateIdentityLost, StateIdentityWatch } from "../../../accounts/store/identity-watch.ts";
import { openStore } from "../../../accounts/store/index.ts";
import { STATE_FILE_NAME } from "../../../accounts/store/sqlite-store.ts";
import { StateRefused, stateMarkerFile } from "../../../accounts/store/state-identity.ts";
import type { Store } from "../../../accounts/store/types.ts";

describe("the state identity watch (SQLite)", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const clean of cleanups.splice(0)) await clean();
  });

  async function opened() {
    const dir = await mkdtemp(join(tmpdir(), "vd-identity-watch-"));
    const store = await openStore({ STATE_DIR: dir });
    const events: string[] = [];
    const watch = new StateIdentityWatch(store, {
      markerFile: stateMarkerFile(dir, null),
      databaseFile: join(dir, STATE_FILE_NAME),
      onLost: (reason) => events.push(`lost: ${reason}`),
      onRestored: (id, how) => events.push(`${how}: ${id}`),
    });
    const guarded: Store = watch.guard(store);
    cleanups.push(async () => {
      watch.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    });
    return { dir, store, watch, guarded, events };
  }

  it("refuses every call once the store holds another state, and serves it once the marker names it", async () => {
    const { dir, watch, guarded, events } = await opened();
    await watch.check();
    expect(watch.problem).toBeNull();
    expect(await guarded.getAccount("nobody")).toBeNull();
    // Another state in the same file, as a restore of another store's backup leaves it.
    const db = new DatabaseSync(join(dir, STATE_FILE_NAME));
    db.prepare("UPDATE settings SET value = 'other-state' WHERE key = 'state_id'").run();
    db.close();
    await watch.check();
    await watch.check();
    expect(watch.problem).toMatch(/holds state other-state\..*accept-state/);
    await expect(guarded.getAccount("nobody")).rejects.toBeInstanceOf(StateIdentityLost);
    await expect(guarded.getOrInitSetting("jwt_secret", "new")).rejects.toBeInstanceOf(StateIdentityLost);
    expect(events).toHaveLength(1);
    // What npm run restore / accept-state do on this machine: the marker names the state now in the store.
    writeFileSync(stateMarkerFile(dir, null), "other-state\n");
    await watch.check();
    expect(watch.problem).toBeNull();
    expect(events.at(-1)).toBe("accepted: other-state");
    expect(await guarded.getAccount("nobody")).toBeNull();
  });

  it("refuses a database file replaced under the running server", async () => {
    const { dir, watch, guarded, events } = await opened();
    const file = join(dir, STATE_FILE_NAME);
    copyFileSync(file, `${file}.copy`);
    renameSync(`${file}.copy`, file);
    await watch.check();
    expect(watch.problem).toMatch(/was replaced or removed under this server.*restart/);
    await expect(guarded.getAccount("nobody")).rejects.toThrow(/replaced or removed/);
    expect(events).toHaveLength(1);
  });

  it("refuses an emptied store at start and writes nothing into it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "vd-identity-start-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    writeFileSync(stateMarkerFile(dir, null), "the-state-that-was\n");
    const refused = await openStore({ STATE_DIR: dir }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(StateRefused);
    expect(String(refused)).toMatch(/state the-state-that-was\): it was empty/);
    const db = new DatabaseSync(join(dir, STATE_FILE_NAME), { readOnly: true });
    expect(db.prepare("SELECT count(*) AS n FROM settings").get()?.n).toBe(0);
    db.close();
  });
});
