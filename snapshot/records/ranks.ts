/** The ranking systems' tiers, as the rows carry them. */
import { z } from "zod";

/** Tiers of each ranking system, best first; "" is unranked. */
export const CCF_TIERS = ["A", "B", "C"] as const;
export const CORE_TIERS = ["A*", "A", "B", "C"] as const;
export const CcfRank = z.enum([...CCF_TIERS, ""]);
export const CoreRank = z.enum([...CORE_TIERS, ""]);
export const QUALIS_TIERS = ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "B5", "C"] as const;
/** Edition of the reference snapshot's rank claims: "reference-<date its files were generated>". */
export const REFERENCE_EDITION_PREFIX = "reference-";
export const QualisRank = z.union([z.enum(QUALIS_TIERS), z.literal("")]);
