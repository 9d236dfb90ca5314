/**
 * Guessing someone's password must never lock its owner out (issue 44, M1 and L3): one address guessing as fast as
 * it likes, then 40 addresses at once, while the owner logs in from an address it has logged in from before (and,
 * with one guesser, from addresses it never used). The address limits are lifted (LOGIN_PER_SECOND,
 * LOGIN_FAILURES_PER_HOUR) so that only the back-offs stand between the guesses and the account. Real server and
 * guessers in processes of their own, real sockets, loopback only.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { createUser } from "../../accounts/auth/accounts.ts";
import { SqliteStore } from "../../accounts/store/sqlite-store.ts";
import type { FloodReport } from "./flood-client.ts";
import { ATTACKER, BYSTANDER } from "./loopback.ts";
import { floodFromChild, probeServerForFile } from "./serve-process.ts";

const PASSWORD = "the-owners-password-1234";
const HEADERS = { "content-type": "application/json", "user-agent": "lockout-test" };
/** The owner's usual address (it logs in from there before the guessing starts). */
const KNOWN = BYSTANDER;
const GUESSERS = Array.from({ length: 40 }, (_, i) => `127.0.0.${10 + i}`);
const SECONDS = 8;

/** One login over real HTTP from the loopback address `from`: the envelope's code (200 token, 401 refused). */
function logIn(base: string, from: string, email: string, password = PASSWORD) {
  const started = performance.now();
  return new Promise<{ status: number; code: number; ms: number }>((resolve, reject) => {
    const req = request(`${base}/api/login`, { method: "POST", headers: HEADERS, localAddress: from });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => {
        const { code } = JSON.parse(body) as { code: number };
        resolve({ status: res.statusCode ?? 0, code, ms: Math.round(performance.now() - started) });
      });
    });
    req.on("error", reject);
    req.end(JSON.stringify({ email, password }));
  });
}

/** Wrong passwords for `email` from `from` (one address, or several in turn), `perSecond` for SECONDS. */
function guess(base: string, email: string, perSecond: number, from?: string[]): Promise<FloodReport> {
  return floodFromChild({
    url: `${base}/api/login`,
    perSecond,
    seconds: SECONDS,
    method: "POST",
    headers: HEADERS,
    body: JSON.stringify({ email, password: "wrong guess {i}" }),
    from,
  });
}

/** `from` logs in as `email` every 2 s while the guessing runs (the first after 2 s), each from its own address. */
async function ownerDuring(base: string, email: string, from: (round: number) => string) {
  const tries = [];
  for (let round = 0; round < 3; round++) {
    await sleep(2000);
    tries.push(await logIn(base, from(round), email));
  }
  return tries;
}

describe("login guessing against one account", () => {
  const stateDir = mkdtempSync(join(tmpdir(), "vd-lockout-"));
  afterAll(() => rmSync(stateDir, { recursive: true, force: true }));
  const served = probeServerForFile(
    { STATE_DIR: stateDir, LOGIN_PER_SECOND: "1000", LOGIN_FAILURES_PER_HOUR: "1000000" },
    async () => {
      const store = await SqliteStore.open({ dir: stateDir });
      try {
        for (const email of ["one@example.org", "many@example.org"]) {
          await createUser(store, { email, password: PASSWORD });
        }
      } finally {
        await store.close();
      }
    },
  );

  it("from one address at 40 a second never keeps the owner out: a known address or a fresh one, first try", async () => {
    const { url } = served().server;
    expect(await logIn(url, KNOWN, "one@example.org")).toMatchObject({ status: 200, code: 200 });
    const guessing = guess(url, "one@example.org", 40);
    const [known, fresh] = await Promise.all([
      ownerDuring(url, "one@example.org", () => KNOWN),
      // Addresses that never logged in to the account nor failed on it.
      ownerDuring(url, "one@example.org", (round) => `127.0.0.${3 + round}`),
    ]);
    const flood = await guessing;
    console.log(
      `one guesser (${ATTACKER}) 40/s × ${SECONDS} s: ${JSON.stringify(flood.statuses)}; owner known ` +
        `${known.map((t) => `${t.code} ${t.ms} ms`).join(", ")}; fresh ${fresh.map((t) => `${t.code} ${t.ms} ms`).join(", ")}`,
    );
    // Every guess was answered (the address limits are lifted), and every one of the owner's tries got a token.
    expect(flood.statuses).toEqual({ "200": 40 * SECONDS });
    expect([...known, ...fresh].map((t) => t.code)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it("from 40 addresses never keeps the owner out on a known address; a fresh one waits out the account back-off", async () => {
    const { url } = served().server;
    expect(await logIn(url, KNOWN, "many@example.org")).toMatchObject({ status: 200, code: 200 });
    const guessing = guess(url, "many@example.org", 2 * GUESSERS.length, GUESSERS);
    const known = await ownerDuring(url, "many@example.org", () => KNOWN);
    const flood = await guessing;
    // Guessing from many addresses stays expensive: an address new to the account is held, its password unchecked.
    const fresh = await logIn(url, "127.0.0.9", "many@example.org");
    console.log(
      `40 guessers 2/s each × ${SECONDS} s: ${JSON.stringify(flood.statuses)}; owner known ` +
        `${known.map((t) => `${t.code} ${t.ms} ms`).join(", ")}; fresh after: ${fresh.code}`,
    );
    expect(known.map((t) => t.code)).toEqual([200, 200, 200]);
    expect(fresh).toMatchObject({ status: 200, code: 401 });
  });
});
