/**
 * The embedded store on a full disk and on a read-only one: a small tmpfs holds STATE_DIR, then a file fills it
 * (or it is remounted read-only). Metered calls must fail closed (503 + Retry-After, never served uncounted, never
 * 500) and pages keep answering. Needs root to mount a tmpfs; skipped, and says so, where that is not allowed.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, newAccount, startTestService, type TestService } from "../helpers/accounts-service.ts";

const mountPoint = mkdtempSync(join(tmpdir(), "vd-tmpfs-"));
const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", mountPoint]).status === 0;
if (!mounted) console.log("disk-full faults skipped: mounting a tmpfs needs root");

/** Serves `rounds` metered calls and one page per round; counts what was served, refused and lost. */
async function load(service: TestService, key: string, rounds: number) {
  const tally = { served: 0, refused: 0, overQuota: 0, lost: 0, errors: 0 };
  for (let i = 0; i < rounds; i++) {
    const res = await service.fetch("/api/conferences", { headers: bearer(key) }).catch(() => null);
    if (!res) tally.lost += 1;
    else if (res.status === 200) tally.served += 1;
    else if (res.status === 503 && Number(res.headers.get("retry-after")) > 0) tally.refused += 1;
    else if (res.status === 402) tally.overQuota += 1;
    else tally.errors += 1;
    await res?.arrayBuffer();
    const page = await service.fetch("/conference/101");
    expect(page.status).toBe(200);
    await page.arrayBuffer();
  }
  return tally;
}

const QUOTA = 20;

describe.skipIf(!mounted)("embedded store on a failing disk (tmpfs)", () => {
  let service: TestService;
  let key: string;

  beforeAll(async () => {
    service = await startTestService(
      { STATE_DIR: join(mountPoint, "state"), REDIS_URL: "" },
      { env: { ACCOUNT_DAILY_QUOTA: String(QUOTA) } },
    );
    key = (await newAccount(service.store)).key;
  });
  afterAll(async () => {
    await service?.close().catch(() => {});
    spawnSync("umount", ["-l", mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it("fails closed when the disk is full: nothing metered served uncounted, pages still 200", async () => {
    expect((await load(service, key, 2)).served).toBe(2);
    // Fill the disk; the counter's next write has nowhere to go.
    const filler = join(mountPoint, "filler");
    try {
      writeFileSync(filler, Buffer.alloc(8 * 1024 * 1024));
    } catch {
      // ENOSPC once full: what we want.
    }
    const tally = await load(service, key, 30);
    console.log(`disk full: ${JSON.stringify(tally)}`);
    expect(tally.errors).toBe(0);
    expect(tally.lost).toBe(0);
    // Whatever SQLite could still write was counted (never past the quota); the rest refused, nothing 500.
    expect(tally.served).toBeLessThanOrEqual(QUOTA - 2);
    // The full disk was felt: requests whose use could not be recorded were refused (503), not served.
    expect(tally.refused).toBeGreaterThan(0);
    rmSync(filler, { force: true });
  });

  it("fails closed when the store turns read-only while running", async (ctx) => {
    const fresh = (await newAccount(service.store)).key;
    if (spawnSync("mount", ["-o", "remount,ro", mountPoint]).status !== 0) {
      console.log("read-only fault skipped: this container does not allow remounting the tmpfs read-only");
      ctx.skip();
    }
    try {
      const tally = await load(service, fresh, 10);
      console.log(`read-only: ${JSON.stringify(tally)}`);
      expect(tally).toMatchObject({ served: 0, lost: 0, errors: 0 });
    } finally {
      spawnSync("mount", ["-o", "remount,rw", mountPoint]);
    }
  });
});
