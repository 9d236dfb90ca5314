/**
 * Failed logins flooding from one address (45 a second, under the general per-second limit, each a new e-mail and
 * a wrong password) while another address reads pages and snapshot files: scrypt runs on its own bounded pool and
 * the address is held to its login limits, so the reader keeps its latency. Real server and attacker in processes
 * of their own, real sockets, loopback only.
 */
import { describe, expect, it } from "vitest";
import { floodPastBystander, probeServerForFile } from "./serve-process.ts";

const RATE = 45;
const SECONDS = 10;
const FAILURES_PER_HOUR = 30;

describe("login flood from one address", () => {
  const served = probeServerForFile({ LOGIN_FAILURES_PER_HOUR: String(FAILURES_PER_HOUR) });

  it("keeps pages and files fast for another address, and checks at most the address's hourly failures", async () => {
    const logins = await floodPastBystander(
      served().server,
      "/api/login",
      {
        perSecond: RATE,
        seconds: SECONDS,
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "flood-test" },
        body: JSON.stringify({ email: "victim{i}@example.org", password: "wrong password" }),
      },
      "login flood (logins)",
    );
    // Checked attempts (HTTP 200, envelope 401) stop at the hourly failures; the rest are 429 with Retry-After.
    const checked = logins.statuses["200"] ?? 0;
    expect(checked).toBeLessThanOrEqual(FAILURES_PER_HOUR);
    expect(checked + (logins.statuses["429"] ?? 0)).toBe(RATE * SECONDS);
    expect(logins.retryAfter.every((seconds) => Number(seconds) >= 1)).toBe(true);
  });
});
