/**
 * The pre-pass that lets dependency-cruiser read Astro files, which it cannot parse: a shadow of the tree in a temp
 * folder where each `.astro` file becomes `<name>.astro.ts`, a module of its frontmatter and its bundled <script>
 * blocks (the only places a page imports from), and every other file or folder is a symlink to the real one. An
 * import of `./X.astro` finds `X.astro.ts` there by the ".ts" extension the resolver tries.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---/;
// Astro bundles a <script> without attributes; one with attributes (is:inline, JSON-LD) is not a module.
const BUNDLED_SCRIPT = /<script>([\s\S]*?)<\/script>/g;
const SHADOW_MODULE = /\.astro\.ts$/;

/** The module an Astro file's imports live in: its frontmatter, then its bundled scripts. */
export function astroModule(source: string): string {
  const scripts = [...source.matchAll(BUNDLED_SCRIPT)].map((m) => m[1]);
  return [FRONTMATTER.exec(source)?.[1] ?? "", ...scripts].join("\n");
}

/** The real name of a path in the shadow tree (`src/x.astro.ts` → `src/x.astro`). */
export function realName(path: string): string {
  return path.replace(SHADOW_MODULE, ".astro");
}

/** Makes the shadow tree of `root` for a cruise of `folders`; the caller removes it. */
export function shadowTree(root: string, folders: string[]): string {
  const astroFiles = folders.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".astro"))
      .map((name) => join(folder, name)),
  );
  // Folders on the way to an Astro file are made for real; anything else is linked whole.
  const made = new Set(astroFiles.flatMap((file) => ancestors(dirname(file))));
  const tree = mkdtempSync(join(tmpdir(), "astro-shadow-"));
  const fill = (dir: string): void => {
    for (const name of readdirSync(join(root, dir))) {
      const path = join(dir, name);
      if (made.has(path)) {
        mkdirSync(join(tree, path));
        fill(path);
      } else if (astroFiles.includes(path)) {
        writeFileSync(join(tree, `${path}.ts`), astroModule(readFileSync(join(root, path), "utf8")));
      } else {
        symlinkSync(resolve(root, path), join(tree, path));
      }
    }
  };
  fill("");
  return tree;
}

function ancestors(dir: string): string[] {
  return dir === "." ? [] : [dir, ...ancestors(dirname(dir))];
}
