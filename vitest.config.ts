import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // Server and build tests spawn processes and bind ports; keep them from starving each other on 2 cores.
    maxWorkers: 2,
    // The JSON summary lets CI print a plain "N passed, N failed" closing line.
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
  },
});
