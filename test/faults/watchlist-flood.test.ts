/**
 * Bounded writes under a flood, over real HTTP with the real SQLite store: one address (127.0.0.1) asks for 10,000
 * watchlists of the largest size allowed; past WATCHLIST_DAILY_CREATIONS each is refused 429 with Retry-After (UTC
 * midnight), the state file grows by those few lists only, and another address (127.0.0.2) still creates its own.
 * The per-second limit is off here, so nothing but the daily limit stands in the way.
 */
import { stat } from "node:fs/promises";
import { Agent } from "node:http";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { STATE_FILE_NAME } from "../../accounts/store/sqlite-store.ts";
import { servedServiceForFile } from "../helpers/served-service.ts";
import { type Answer, ATTACKER, BYSTANDER, send } from "./loopback.ts";

const DAILY = 20;
const ATTEMPTS = 10_000;
const IN_FLIGHT = 32;
/** The largest list allowed: 200 conferences and 200 journals of 15 digits (about 7.3 KB of JSON). */
const LARGEST = JSON.stringify({
  conferences: Array.from({ length: 200 }, (_, i) => String(100_000_000_000_000 + i)),
  journals: Array.from({ length: 200 }, (_, i) => String(200_000_000_000_000 + i)),
});

const served = servedServiceForFile(
  "vd-watchlist-flood-",
  { "index.html": "<!doctype html><title>Venues</title>" },
  { RATE_LIMIT_PER_SECOND: "0", WATCHLIST_DAILY_CREATIONS: String(DAILY) },
);

/** Bytes of the SQLite store on disk: the file and its WAL. */
async function storeBytes(): Promise<number> {
  const sizes = await Promise.all(
    ["", "-wal"].map((suffix) =>
      stat(join(served().stateDir, `${STATE_FILE_NAME}${suffix}`)).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

const create = (from: string, agent?: Agent) =>
  send(`${served().service.server.url}/watchlists`, {
    from,
    method: "POST",
    headers: { "content-type": "application/json", "content-length": String(LARGEST.length) },
    body: LARGEST,
    agent,
  });

describe("10,000 watchlist creations from one address", () => {
  it("creates the day's allowance, refuses the rest 429 with Retry-After, and the store grows by those only", async () => {
    await (await fetch(`${served().service.server.url}/`)).text();
    const before = await storeBytes();
    const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
    const answers: Answer[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < ATTEMPTS) {
          next += 1;
          answers.push(await create(ATTACKER, agent));
        }
      }),
    );
    agent.destroy();
    const after = await storeBytes();

    const count = (status: number) => answers.filter((a) => a.status === status).length;
    expect(answers).toHaveLength(ATTEMPTS);
    expect(count(201)).toBe(DAILY);
    expect(count(429)).toBe(ATTEMPTS - DAILY);
    const refused = answers.find((a) => a.status === 429);
    const retryAfter = Number(refused?.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    // 20 lists of ~7.3 KB, their pages and the WAL frames that wrote them: about 0.6 MB. Unbounded, the same
    // 10,000 requests grew it by 86 MB.
    const grown = after - before;
    console.info(`state store: ${before} B before, ${after} B after 10,000 attempts (+${grown} B)`);
    expect(grown).toBeLessThan(2 * 1024 * 1024);

    // Another address has its own allowance.
    expect((await create(BYSTANDER)).status).toBe(201);
    const db = new DatabaseSync(join(served().stateDir, STATE_FILE_NAME), { readOnly: true });
    try {
      expect(db.prepare("SELECT COUNT(*) AS n FROM watchlists").get()?.n).toBe(DAILY + 1);
    } finally {
      db.close();
    }
  }, 120_000);
});
