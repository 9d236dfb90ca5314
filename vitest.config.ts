import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // Server and build tests spawn processes and bind ports; keep them from starving each other on 2 cores.
    maxWorkers: 2,
    // The JSON summary lets CI print a plain "N passed, N failed" closing line.
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
    projects: [
      {
        extends: true,
        test: {
          name: "suite",
          include: ["test/**/*.test.ts"],
          exclude: ["test/faults/**"],
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The fault tests measure a bystander's latency under a flood: they run after the rest, one file at a
        // time, so no other test's load is counted as the flood's.
        extends: true,
        test: {
          name: "faults",
          include: ["test/faults/**/*.test.ts"],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
