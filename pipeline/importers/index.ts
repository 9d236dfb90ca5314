/** Every importer, one per upstream source, in the order the build runs them. */
import type { Importer, SourceId } from "../observations.ts";
import { importCcfList } from "./ccf-list.ts";
import { importCcfddl } from "./ccfddl.ts";
import { importCoreHistory } from "./core-history.ts";
import { importCsconferences } from "./csconferences.ts";
import { importHf } from "./hf.ts";
import { importCorePortal, importIcore } from "./icore.ts";
import { importLixin } from "./lixin.ts";
import { importPwc } from "./pwc.ts";
import { importQualis } from "./qualis.ts";
import { importReference } from "./reference.ts";
import { importScimago } from "./scimago.ts";
import { importSpecialIssues } from "./special-issues.ts";

export const IMPORTERS: [SourceId, Importer][] = [
  ["reference", importReference],
  ["ccf", importCcfList],
  ["ccfddl", importCcfddl],
  ["hf", importHf],
  ["pwc", importPwc],
  ["core", importCoreHistory],
  ["icore", importIcore],
  ["core_portal", importCorePortal],
  ["qualis", importQualis],
  ["csconferences", importCsconferences],
  ["lixin", importLixin],
  ["scimago", importScimago],
  ["special_issues", importSpecialIssues],
];
