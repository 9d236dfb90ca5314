/** What a test opens over a store (batched writers, leases), closed when the test finishes, also when it failed. */
import { onTestFinished } from "vitest";

export function closedAfterTest<T extends { close(): Promise<void> }>(resource: T): T {
  onTestFinished(() => resource.close());
  return resource;
}
