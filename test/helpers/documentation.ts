/** The documentation the docs tests read: README.md, then docs/*.md by name (paths relative to the repository). */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./run-ts.ts";

export const DOCUMENTS: readonly string[] = [
  "README.md",
  ...readdirSync(join(REPO_ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => `docs/${f}`),
];
