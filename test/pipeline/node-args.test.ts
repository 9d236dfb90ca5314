/** Every way the nightly build is started gives Node the same flags (pipeline/node-args.ts). */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BUILD_NODE_ARGS } from "../../pipeline/node-args.ts";

describe("build process flags", () => {
  it("npm run snapshot passes BUILD_NODE_ARGS to node", () => {
    const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;
    expect(scripts.snapshot).toBe(`node ${BUILD_NODE_ARGS.join(" ")} --import tsx scripts/snapshot.ts`);
  });
});
