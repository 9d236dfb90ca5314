/** One resource shared by the tests of a file (or of the describe block it is called in). */
import { afterAll, beforeAll } from "vitest";

/**
 * Opens the resource before the tests and closes it after them (also when a test failed). Call the returned
 * function inside a test for the open resource.
 */
export function forFile<T>(open: () => Promise<T>, close: (resource: T) => Promise<unknown>): () => T {
  let resource: T | undefined;
  beforeAll(async () => {
    resource = await open();
  });
  afterAll(async () => {
    if (resource !== undefined) await close(resource);
  });
  return () => {
    if (resource === undefined) throw new Error("the shared resource did not open (see the beforeAll error)");
    return resource;
  };
}
