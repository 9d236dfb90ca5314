/**
 * The import rule (.dependency-cruiser.cjs) over a tree, its Astro files included: dependency-cruiser reads the
 * shadow tree of astro-shadow.ts, and its answer names each `.astro` file as it is.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { realName, shadowTree } from "./astro-shadow.ts";

const CONFIG = join(import.meta.dirname, "../.dependency-cruiser.cjs");

/** The cruise of `folders` (relative to `root`) under the rule; its violations are in `summary`. */
export async function cruiseImports(root: string, folders: string[]): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(CONFIG);
  const tree = shadowTree(root, folders);
  try {
    const tsConfig = extractTSConfig(join(tree, options.tsConfig?.fileName ?? "tsconfig.json"));
    // Symlinks kept as they are, so each file keeps its path in the tree (the rule matches paths).
    const { output } = await cruise(
      folders,
      { ...options, baseDir: tree, preserveSymlinks: true, outputType: "json" },
      {},
      { tsConfig },
    );
    return JSON.parse(output as string, (_key, value) =>
      typeof value === "string" ? realName(value) : value,
    );
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}
