/** Every importer, one per upstream source, in the order the build runs them. */
import type { Importer, SourceId } from "../sources/observations.ts";
import { importCcf2026 } from "./ccf-2026.ts";
import { importCcfList } from "./ccf-list.ts";
import { importCcfddl } from "./ccfddl.ts";
import { importCoreHistory } from "./core-history.ts";
import { importCsconferences } from "./csconferences.ts";
import { importHf } from "./hf.ts";
import { importCorePortal, importIcore } from "./icore.ts";
import { importLixin } from "./lixin.ts";
import { importMpc } from "./mpc.ts";
import { importOpenAccept } from "./openaccept.ts";
import { importPwc } from "./pwc.ts";
import { importQualis } from "./qualis.ts";
import { importReference } from "./reference.ts";
import { importScimago } from "./scimago.ts";
import { importSpecialIssues } from "./special-issues.ts";

export const IMPORTERS: [SourceId, Importer][] = [
  ["reference", importReference],
  ["ccf2026", importCcf2026],
  ["ccf", importCcfList],
  ["ccfddl", importCcfddl],
  ["hf", importHf],
  ["pwc", importPwc],
  ["mpc", importMpc],
  ["core", importCoreHistory],
  ["icore", importIcore],
  ["core_portal", importCorePortal],
  ["qualis", importQualis],
  ["csconferences", importCsconferences],
  ["lixin", importLixin],
  ["openaccept", importOpenAccept],
  ["scimago", importScimago],
  ["special_issues", importSpecialIssues],
];
