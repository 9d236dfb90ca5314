/** When a message that failed is tried again: exponential back-off, and a cap on attempts after which it is dead. */
import { HOUR_MS } from "../../runtime/clock.ts";
import type { MailConfig } from "./config.ts";

/** Longest wait between two attempts. */
export const MAX_RETRY_DELAY_MS = 6 * HOUR_MS;

/**
 * The wait before the next attempt once `attemptsMade` attempts have failed: retryBaseMs, doubled after each failure
 * up to MAX_RETRY_DELAY_MS; null once maxAttempts have been made (the message is given up).
 */
export function retryDelayMs(
  attemptsMade: number,
  config: Pick<MailConfig, "retryBaseMs" | "maxAttempts">,
): number | null {
  if (attemptsMade >= config.maxAttempts) return null;
  return Math.min(config.retryBaseMs * 2 ** Math.max(0, attemptsMade - 1), MAX_RETRY_DELAY_MS);
}
