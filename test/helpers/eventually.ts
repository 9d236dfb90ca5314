/** Waiting for what a service writes after it answers (views batched behind the response, for one). */
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Reads until `ok` holds or `timeoutMs` passes, then hands back the last value read: the caller's assertion on it
 * says what was missing, instead of a bare timeout.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await sleep(25);
  }
}

/** Waits until `check` holds; throws naming `what` when `timeoutMs` passes first (no value to assert on). */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(25);
  }
}
