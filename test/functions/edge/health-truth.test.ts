/**
 * /readyz tells the truth: 503 naming each reason for a missing site, a `latest` that cannot be loaded, and a
 * failed build or sync (recorded at start, nightly or by hand); 200 again once each is put right. /metrics carries
 * the build's and sync's outcome, time and duration, and the snapshot load failures.
 */
import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordBuildStep } from "../../../runtime/build-status.ts";
import { LATEST } from "../../../snapshot/files.ts";
import { startTestService, type TestService } from "../../helpers/accounts-service.ts";

interface Ready {
  status: string;
  reasons: string[];
}

describe("/readyz and /metrics on a broken service", () => {
  let service: TestService;
  const ready = async () => {
    const res = await service.fetch("/readyz");
    return { status: res.status, body: (await res.json()) as Ready };
  };
  const metrics = async () => (await service.fetch("/metrics")).text();

  beforeAll(async () => {
    const STATE_DIR = await mkdtemp(join(tmpdir(), "vd-health-"));
    service = await startTestService(
      { STATE_DIR, REDIS_URL: "" },
      { env: { READY_MAX_SNAPSHOT_AGE_HOURS: "0", SNAPSHOT_POLL_MS: "100" } },
    );
  });
  afterAll(async () => service?.close());

  it("is ready on a whole service", async () => {
    const { status, body } = await ready();
    expect(body.reasons).toEqual([]);
    expect(status).toBe(200);
  });

  it("names a missing site", async () => {
    const index = join(service.env.SITE_DIR ?? "", "index.html");
    await rename(index, `${index}.away`);
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body.reasons).toEqual([expect.stringMatching(/^site: .*index\.html is missing/)]);
    } finally {
      await rename(`${index}.away`, index);
    }
    expect((await ready()).status).toBe(200);
  });

  it("names a latest that cannot be loaded, counts it once, and recovers when latest points back", async () => {
    const before = /^vd_snapshot_load_failures_total (\d+)$/m.exec(await metrics())?.[1];
    expect(before).toBe("0");
    const link = join(service.snapshotsDir, LATEST);
    const { readlink } = await import("node:fs/promises");
    const good = await readlink(link);
    const broken = join(service.snapshotsDir, "2099-01-01");
    await mkdir(broken);
    await writeFile(join(broken, "manifest.json"), "{ not json");
    const repoint = async (target: string) => {
      await symlink(target, `${link}.next`);
      await rename(`${link}.next`, link);
    };
    await repoint("2099-01-01");
    try {
      await expect.poll(async () => (await ready()).status, { timeout: 5000 }).toBe(503);
      const { body } = await ready();
      expect(body.reasons).toEqual([expect.stringMatching(/^snapshot: .*latest cannot be loaded/)]);
      // Polled many times meanwhile, counted once.
      await new Promise((r) => setTimeout(r, 500));
      expect(/^vd_snapshot_load_failures_total (\d+)$/m.exec(await metrics())?.[1]).toBe("1");
    } finally {
      await repoint(good);
      await rm(broken, { recursive: true, force: true });
    }
    await expect.poll(async () => (await ready()).status, { timeout: 5000 }).toBe(200);
  });

  it("names a failed build and a failed sync, and exports their outcome, time and duration", async () => {
    const at = "2026-06-14T00:11:03.000Z";
    recordBuildStep(service.snapshotsDir, "sync", {
      outcome: "failed",
      at,
      duration_ms: 1500,
      message: "ccfddl: offline",
    });
    recordBuildStep(service.snapshotsDir, "build", {
      outcome: "failed",
      at,
      duration_ms: 4200,
      message: "site failed (exit 1)",
    });
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.reasons).toEqual([
      `sync failed at ${at}: ccfddl: offline`,
      `build failed at ${at}: site failed (exit 1)`,
    ]);
    const text = await metrics();
    expect(text).toMatch(/^vd_build_step_ok\{step="build"\} 0$/m);
    expect(text).toMatch(/^vd_build_step_ok\{step="sync"\} 0$/m);
    expect(text).toMatch(
      new RegExp(
        `^vd_build_step_finished_timestamp_seconds\\{step="build"\\} ${Date.parse(at) / 1000}$`,
        "m",
      ),
    );
    expect(text).toMatch(/^vd_build_step_duration_seconds\{step="build"\} 4.2$/m);
    recordBuildStep(service.snapshotsDir, "sync", { outcome: "ok", at, duration_ms: 900 });
    recordBuildStep(service.snapshotsDir, "build", { outcome: "ok", at, duration_ms: 4000 });
    expect((await ready()).status).toBe(200);
    expect(await metrics()).toMatch(/^vd_build_step_ok\{step="build"\} 1$/m);
  });

  it("exports the state identity gauge at 1 on an intact store", async () => {
    expect(await metrics()).toMatch(/^vd_state_identity_ok 1$/m);
  });
});
