/**
 * The whole service (composition root, SQLite state in a folder of its own) over a served fixture, for the tests of
 * one file: started before them, closed after them.
 */
import { afterAll, beforeAll } from "vitest";
import { type RunningService, startService } from "../../functions/composition-root.ts";
import { loadConfig } from "../../functions/server-config.ts";
import { silentLogger } from "../../runtime/logger.ts";
import { type ServedFixture, servedFixture } from "./served-fixture.ts";
import { tempDirsForFile } from "./temp-dirs.ts";

/**
 * `site` is the static site's files, `env` the settings added to the fixture's, `options` what startService takes
 * besides its silent logger. The getter gives the running service and its state folder once beforeAll has run.
 */
export function servedServiceForFile(
  prefix: string,
  site: Record<string, string>,
  env: Record<string, string>,
  options: Omit<Parameters<typeof startService>[1], "logger"> = {},
): () => { service: RunningService; stateDir: string } {
  const tempDir = tempDirsForFile(prefix);
  let fixture: ServedFixture | undefined;
  let running: { service: RunningService; stateDir: string } | undefined;
  beforeAll(async () => {
    fixture = await servedFixture(site);
    const stateDir = tempDir("state");
    const config = loadConfig({ ...fixture.env, STATE_DIR: stateDir, ...env });
    running = { service: await startService(config, { ...options, logger: silentLogger }), stateDir };
  }, 60_000);
  afterAll(async () => {
    await running?.service.close();
    await fixture?.remove();
  });
  return () => {
    if (!running) throw new Error("the service is read before the file's beforeAll started it");
    return running;
  };
}
