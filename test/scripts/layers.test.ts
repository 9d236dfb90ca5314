/**
 * The import rule (.dependency-cruiser.cjs) holds on the tree, its Astro files included: no circles, no arrow from a
 * lower layer to a higher one, and no two folders that import each other. The last tests prove the rule bites on a new
 * back-arrow, and on a forbidden import planted in a page's frontmatter or <script>.
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cruiseImports } from "../../scripts/import-rule.ts";

const ROOT = resolve(import.meta.dirname, "../..");
/** Every top-level folder that holds code: the layers (README.md, Layout). */
const FOLDERS = [
  "runtime",
  "snapshot",
  "pipeline",
  "read",
  "render",
  "accounts",
  "functions",
  "src",
  "scripts",
  "bench",
];

/** The folder a file belongs to, for the two-way check (functions/x/…, read/x/…, or the top folder). */
function folderOf(path: string): string {
  const parts = path.split("/");
  return parts.length > 2 ? parts.slice(0, 2).join("/") : (parts[0] ?? path);
}

const tmp: string[] = [];
afterAll(() => {
  for (const dir of tmp) rmSync(dir, { recursive: true, force: true });
});

describe("import layers", () => {
  it("has no circle and no back-arrow", { timeout: 120_000 }, async () => {
    const result = await cruiseImports(ROOT, FOLDERS);
    const broken = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(broken).toEqual([]);
    const pages = readdirSync(join(ROOT, "src"), { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".astro"))
      .map((name) => `src/${name}`);
    expect(pages.length).toBeGreaterThan(0);
    // Every page, in any order: the cruise lists modules in the order it reached them.
    expect(
      result.modules
        .map((m) => m.source)
        .filter((s) => s.endsWith(".astro"))
        .sort(),
    ).toEqual(pages.sort());

    const arrows = new Set<string>();
    for (const m of result.modules) {
      for (const d of m.dependencies) {
        if (d.coreModule || d.couldNotResolve || d.resolved.startsWith("node_modules/")) continue;
        const [from, to] = [folderOf(m.source), folderOf(d.resolved)];
        if (from !== to) arrows.add(`${from} → ${to}`);
      }
    }
    const twoWay = [...arrows].filter((a) => arrows.has(a.split(" → ").reverse().join(" → ")));
    expect(twoWay).toEqual([]);
  });

  it("fails on a new arrow from the edge up to the API", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "layers-"));
    tmp.push(dir);
    const files: Record<string, string> = {
      "tsconfig.json": "{}",
      "functions/api/paths.ts": "export const API = '/api';\n",
      "functions/edge/guard.ts": "import { API } from '../api/paths.ts';\nexport const guarded = API;\n",
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    const result = await cruiseImports(dir, ["functions"]);
    expect(result.summary.violations.map((v) => v.rule.name)).toEqual(["edge-looks-down"]);
  });

  it("fails on a page that imports the state store", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "layers-pages-"));
    tmp.push(dir);
    cpSync(join(ROOT, "src"), join(dir, "src"), { recursive: true });
    for (const name of [
      ...FOLDERS.filter((f) => f !== "src"),
      "node_modules",
      "tsconfig.json",
      "package.json",
    ]) {
      symlinkSync(join(ROOT, name), join(dir, name));
    }
    // The pages live under src/pages/[...lang]/ (one file per page, both languages).
    const store = 'import "../../../accounts/store/index.ts";';
    const plant = (page: string, after: string) => {
      const path = join(dir, "src/pages/[...lang]", page);
      writeFileSync(path, readFileSync(path, "utf8").replace(after, `${after}\n${store}`));
    };
    plant("search.astro", "---");
    plant("deadlines.astro", "<script>");

    const result = await cruiseImports(dir, ["src"]);
    expect(result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort()).toEqual([
      "site-apart: src/pages/[...lang]/deadlines.astro → accounts/store/index.ts",
      "site-apart: src/pages/[...lang]/search.astro → accounts/store/index.ts",
    ]);
  });
});
