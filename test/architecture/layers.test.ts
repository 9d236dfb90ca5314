/**
 * The import rule (.dependency-cruiser.cjs) holds on the tree: no circles, no arrow from a lower layer to a higher
 * one, and no two folders that import each other. The last test proves the rule bites on a new back-arrow.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const CONFIG = join(ROOT, ".dependency-cruiser.cjs");
const DEPCRUISE = join(ROOT, "node_modules/.bin/depcruise");
const FOLDERS = ["snapshot", "pipeline", "functions", "src", "scripts", "bench"];

interface CruiseResult {
  modules: {
    source: string;
    dependencies: { resolved: string; coreModule: boolean; couldNotResolve: boolean }[];
  }[];
  summary: { error: number; violations: { rule: { name: string }; from: string; to: string }[] };
}

/** depcruise exits non-zero when the rule is broken; its JSON answer is what we read either way. */
async function cruise(cwd: string, paths: string[]): Promise<CruiseResult> {
  const args = [...paths, "--config", CONFIG, "--output-type", "json"];
  const out = await promisify(execFile)(DEPCRUISE, args, { cwd, maxBuffer: 256 * 1024 * 1024 }).catch(
    (err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }),
  );
  return JSON.parse(out.stdout) as CruiseResult;
}

/** The folder a file belongs to, for the two-way check (functions/x/…, pipeline/x/…, or the top folder). */
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
    const result = await cruise(ROOT, FOLDERS);
    const broken = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(broken).toEqual([]);

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
    const result = await cruise(dir, ["functions"]);
    expect(result.summary.violations.map((v) => v.rule.name)).toEqual(["edge-looks-down"]);
  });
});
