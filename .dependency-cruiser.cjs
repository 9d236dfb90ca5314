/**
 * The import rule of the house (`npm run lint` runs it): no circles, and arrows only point down the layers.
 * A layer may import its own folder and any layer listed before it, never one listed after it.
 * The two-way check between folders runs in test/architecture/layers.test.ts. dependency-cruiser cannot parse `.astro`
 * files, so `npm run deps` runs this rule through scripts/import-rule.ts, which hands it their imports.
 */

// Lowest first. Each entry: a name for messages and the path pattern of its files.
const LAYERS = [
  ["runtime", "^functions/runtime/"],
  ["snapshot contract", "^snapshot/"],
  ["http basics", "^functions/http/"],
  ["api contract", "^functions/schema/"],
  ["state store", "^functions/store/"],
  ["pipeline", "^pipeline/"],
  ["query", "^functions/query/"],
  ["edge", "^functions/edge/"],
  ["auth", "^functions/auth/"],
  ["api", "^functions/api/"],
  ["mcp", "^functions/mcp/"],
  ["server-rendered pages", "^functions/pages/"],
  ["store adapters", "^functions/store-adapters/"],
  ["server composition", "^functions/[^/]+$"],
  ["site", "^src/"],
  ["commands", "^(scripts|bench)/"],
];

// Layers that sit side by side: neither may import the other.
const APART = [
  ["pipeline", ["http basics", "api contract", "state store", "query"]],
  ["state store", ["http basics"]],
  ["query", ["pipeline"]],
];

const pathOf = new Map(LAYERS);

const backArrows = LAYERS.flatMap(([name, path], i) => {
  const higher = LAYERS.slice(i + 1).map(([, p]) => p);
  return higher.length === 0
    ? []
    : [
        {
          name: `${name}-looks-down`,
          comment: `${name} (${path}) imports only from layers below it`,
          severity: "error",
          from: { path },
          to: { path: higher },
        },
      ];
});

const apart = APART.map(([name, others]) => ({
  name: `${name}-apart`,
  comment: `${name} imports none of ${others.join(", ")}`,
  severity: "error",
  from: { path: pathOf.get(name) },
  to: { path: others.map((o) => pathOf.get(o)) },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "no module reaches itself through its imports",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...backArrows,
    ...apart,
    {
      name: "site-reads-query-interface",
      comment:
        "the Astro site reads the snapshot through the query layer's public interface only (besides the API " +
        "contract and the published OpenAPI document it renders, the feed names and rank tiers, the clock and the base URL); the " +
        "server-rendered pages' deadline component, lists and feeds it shares read the query layer's interface too",
      severity: "error",
      from: { path: "^src/" },
      to: {
        path: "^functions/",
        pathNot: [
          "^functions/query/index\\.ts$",
          "^functions/schema/api\\.ts$",
          "^functions/schema/feeds\\.ts$",
          "^functions/schema/rank-tiers\\.ts$",
          "^functions/pages/(deadline|deadline-list|deadline-rows|deadline-feeds|html|rank-line)\\.ts$",
          "^functions/api/openapi\\.ts$",
          "^functions/runtime/",
          "^functions/base-url\\.ts$",
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist|snapshots)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".mjs", ".js"] },
  },
};
