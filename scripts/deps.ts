/**
 * `npm run deps`: checks the import rule (.dependency-cruiser.cjs) over the folders given, Astro files included.
 * Prints dependency-cruiser's report; exit 1 when the rule is broken.
 */
import { format } from "dependency-cruiser";
import { cruiseImports } from "./import-rule.ts";

const result = await cruiseImports(process.cwd(), process.argv.slice(2));
const { output, exitCode } = await format(result, { outputType: "err" });
process.stdout.write(output as string);
process.exit(exitCode === 0 ? 0 : 1);
