/**
 * Provenance of every upstream source: repository, commit, licence and the attribution its terms require.
 * Copied from the upstream directory's SOURCES.md; written into every snapshot manifest and credited on pages.
 */
import type { z } from "zod";
import type { SourceInfo } from "../../functions/schema/records.ts";
import type { SourceId } from "./observations.ts";

type Info = z.infer<typeof SourceInfo>;

export const SOURCES: Record<SourceId, Info> = {
  reference: {
    id: "reference",
    name: "Conference Partner (myhuiban.com) published daily snapshot",
    repo: "https://github.com/sundou82/conference-partner-mcp",
    commit: "154a29cf4f44a58c48df67f546c114fe9667cd6e",
    license: "Free use, commercial included, with attribution (docs/data.md of that repository)",
    attribution:
      "Conference Partner (myhuiban.com) — link the venue's page https://www.myhuiban.com/conference/<id> or /journal/<id>. Ranking values are reproduced from CCF / CORE / QUALIS.",
  },
  ccfddl: {
    id: "ccfddl",
    name: "ccfddl/ccf-deadlines",
    repo: "https://github.com/ccfddl/ccf-deadlines",
    commit: "5f8dce347bc17783bc6cd50509e07cc0196863b4",
    license: "MIT (Copyright (c) 2021 CCFDDL)",
    attribution: "Deadlines, editions and acceptance rates from ccfddl/ccf-deadlines (MIT).",
  },
  hf: {
    id: "hf",
    name: "huggingface/ai-deadlines",
    repo: "https://github.com/huggingface/ai-deadlines",
    commit: "de9f41b1e2b8611d9a29f5206be4e14fa2d99fce",
    license: "MIT (Copyright (c) 2025 Hugging Face)",
    attribution: "AI deadlines from huggingface/ai-deadlines (MIT).",
  },
  pwc: {
    id: "pwc",
    name: "paperswithcode/ai-deadlines (archived)",
    repo: "https://github.com/paperswithcode/ai-deadlines",
    commit: "4d6b247f7b56edd04a2d90f106a4d49ee80ee836",
    license: "MIT (Copyright (c) 2021 Abhishek Das)",
    attribution: "Older AI deadlines from paperswithcode/ai-deadlines (MIT).",
  },
  ccf: {
    id: "ccf",
    name: "CCF recommended list 2022 (liu-qingyuan/CCF-extraction)",
    repo: "https://github.com/liu-qingyuan/CCF-extraction",
    commit: "18ab1b715543352c703bb15174d16b1f47a9f989",
    license: "MIT (Copyright (c) 2025 Liu Qingyuan); list © China Computer Federation",
    attribution: "CCF ranks: China Computer Federation recommended list (2022).",
  },
  core: {
    id: "core",
    name: "CORE rankings 2014-2023 (naveedanwarbhatti/Google-Scholar-Conference-Ranker)",
    repo: "https://github.com/naveedanwarbhatti/Google-Scholar-Conference-Ranker",
    commit: "f96765e80bcfaea845c08a8b0c8589dd433212a1",
    license: "MIT (README); data from the CORE conference portal",
    attribution: "CORE Conference Rankings (portal.core.edu.au), editions 2014-2023.",
  },
  icore: {
    id: "icore",
    name: "ICORE2026 (BenAmpel/ScholarUtilityBelt core_icore2026.csv)",
    repo: "https://github.com/BenAmpel/ScholarUtilityBelt",
    commit: "351d9ca34e208a91d01b209a0ec111e865f25c4b",
    license: "ISC (software); data belongs to CORE",
    attribution: "CORE Conference Rankings: ICORE2026.",
  },
  core_portal: {
    id: "core_portal",
    name: "CORE portal ranks (BenAmpel/ScholarUtilityBelt core_portal_ranks.csv)",
    repo: "https://github.com/BenAmpel/ScholarUtilityBelt",
    commit: "351d9ca34e208a91d01b209a0ec111e865f25c4b",
    license: "ISC (software); data belongs to CORE",
    attribution: "CORE Conference Rankings (portal, mixed editions).",
  },
  qualis: {
    id: "qualis",
    name: "QUALIS CAPES Computer Science conferences 2017-2020 (cs-confs-br/cs-confs-br-data)",
    repo: "https://github.com/cs-confs-br/cs-confs-br-data",
    commit: "bf4ca97b7644f9265ac037fc19c5b9fc6071c81b",
    license: "MIT; list by CAPES (public)",
    attribution: "QUALIS CAPES, Computer Science, 2017-2020.",
  },
  csconferences: {
    id: "csconferences",
    name: "emeryberger/csconferences",
    repo: "https://github.com/emeryberger/csconferences",
    commit: "43a0cd68dbecc5bb05e778e51213ffb7ea34d54e",
    license: "None stated: used only to cross-check other acceptance figures, never published",
    attribution: "Cross-checks against emeryberger/csconferences (not redistributed).",
  },
  lixin: {
    id: "lixin",
    name: "lixin4ever/Conference-Acceptance-Rate",
    repo: "https://github.com/lixin4ever/Conference-Acceptance-Rate",
    commit: "6bd0861b9caa8fe6d4bc9dd98892b12052cea549",
    license: "MIT (Copyright (c) 2022 LI XIN)",
    attribution: "Acceptance rates from lixin4ever/Conference-Acceptance-Rate (MIT).",
  },
  scimago: {
    id: "scimago",
    name: "SCImago Journal & Country Rank, Computer Science 2017-2021 (Michael-E-Rose/SCImagoJournalRankIndicators)",
    repo: "https://github.com/Michael-E-Rose/SCImagoJournalRankIndicators",
    commit: "2a753d04f07554cb03b607670ab4864ccd3c4ad4",
    license: "MIT (repository); data © SCImago, free use with attribution",
    attribution:
      "SCImago Journal & Country Rank (SJR, quartiles, h-index, cites per document), data from Scopus.",
  },
  special_issues: {
    id: "special_issues",
    name: "julianprester/calls-for-papers",
    repo: "https://github.com/julianprester/calls-for-papers",
    commit: "5387fbadc1711efa6ed2cb95d42fecbaae64a6be",
    license: "MIT (Copyright (c) 2022 Julian Prester)",
    attribution: "Special-issue calls from julianprester/calls-for-papers (MIT).",
  },
};

/** Sources whose facts may be published. csconferences states no licence: it only cross-checks. */
export function isPublishable(source: string): boolean {
  return source !== "csconferences";
}
