/**
 * The import rule of the house (`npm run lint` runs it): no circles, and arrows only point down the layers.
 * A layer may import its own folder and any layer listed before it, never one listed after it; layers that sit
 * side by side (APART) import neither way. The top-level folders are the layers (each folder's README says what
 * it may import); inside read/, accounts/ and functions/ their parts are layered the same way.
 * The two-way check between folders runs in test/scripts/layers.test.ts. dependency-cruiser cannot parse `.astro`
 * files, so `npm run deps` runs this rule through scripts/import-rule.ts, which hands it their imports.
 */

// Lowest first. Each entry: a name for messages and the path pattern of its files.
const LAYERS = [
  ["runtime", "^runtime/"],
  ["snapshot contract", "^snapshot/"],
  ["pipeline", "^pipeline/"],
  ["read: contract", "^read/(schema/|caller\\.ts$)"],
  ["read: query", "^read/query/"],
  ["read: operations", "^read/[^/]+$"],
  ["rendering kit", "^render/"],
  ["accounts: store", "^accounts/store/"],
  ["accounts: mail", "^accounts/mail/"],
  ["accounts: auth", "^accounts/auth/"],
  ["accounts: adapters", "^accounts/adapters/"],
  ["http basics", "^functions/http/"],
  ["edge", "^functions/edge/"],
  ["api", "^functions/api/"],
  ["mcp", "^functions/mcp/"],
  ["server-rendered pages", "^functions/pages/"],
  ["server composition", "^functions/[^/]+$"],
  ["site", "^src/"],
  ["commands", "^(scripts|bench)/"],
];

const ABOVE_PIPELINE = LAYERS.slice(3).map(([name]) => name).filter((name) => name !== "commands");
const FUNCTIONS = LAYERS.filter(([, path]) => path.startsWith("^functions/")).map(([name]) => name);
const ACCOUNTS = LAYERS.filter(([, path]) => path.startsWith("^accounts/")).map(([name]) => name);

// Layers that sit side by side: the first imports none of the others.
const APART = [
  // The nightly build and everything that serves are apart: they share only the runtime and the snapshot contract.
  ...ABOVE_PIPELINE.map((name) => [name, ["pipeline"]]),
  // The rendering kit is pure: no accounts, no request handling.
  ["rendering kit", [...ACCOUNTS, ...FUNCTIONS]],
  ...ACCOUNTS.map((name) => [name, ["rendering kit"]]),
  // The site is built from the read service, the rendering kit, the runtime and the snapshot contract only.
  ["site", [...ACCOUNTS, ...FUNCTIONS]],
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
      name: "site-reads-read-interface",
      comment:
        "the Astro site reads the snapshot through the read service's public interface only: the query layer's " +
        "index, the API contract and the published OpenAPI document it renders, the feed names and rank tiers " +
        "(besides the rendering kit, the runtime and the snapshot contract)",
      severity: "error",
      from: { path: "^src/" },
      to: {
        path: "^read/",
        pathNot: [
          "^read/query/index\\.ts$",
          "^read/schema/(api|feeds|rank-tiers)\\.ts$",
          "^read/openapi\\.ts$",
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
