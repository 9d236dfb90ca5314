/** The research fields a venue is filed under, and what each names in words. */
import { z } from "zod";

/** The 14 field values of the machine-readable contract plus 7 that complete the reference's 21 areas. */
export const RESEARCH_FIELDS = [
  "ai",
  "vision",
  "nlp",
  "data",
  "network",
  "security",
  "se",
  "systems",
  "theory",
  "hci",
  "graphics",
  "bio",
  "robotics",
  "web",
  // Finer computing areas (education: the reference's); all 27 documented in docs/research-fields.md.
  "ml",
  "architecture",
  "pl",
  "ir",
  "multimedia",
  "is",
  "education",
  // The reference service's further areas (contract 2.1.0); education above is one of them.
  "ee",
  "energy",
  "materials",
  "civil",
  "management",
  "math",
] as const;
export const ResearchField = z.enum(RESEARCH_FIELDS);

/** What each field value names, in words (profiles' research summaries, the MCP field list). */
export const RESEARCH_FIELD_NAMES: Record<(typeof RESEARCH_FIELDS)[number], string> = {
  ai: "artificial intelligence",
  vision: "computer vision",
  nlp: "natural language processing",
  data: "databases and data mining",
  network: "computer networks",
  security: "security and privacy",
  se: "software engineering",
  systems: "computer systems",
  theory: "theoretical computer science",
  hci: "human-computer interaction",
  graphics: "computer graphics",
  bio: "bioinformatics",
  robotics: "robotics",
  web: "the web",
  ml: "machine learning",
  architecture: "computer architecture",
  pl: "programming languages",
  ir: "information retrieval",
  multimedia: "multimedia",
  is: "information systems",
  education: "education",
  ee: "electrical and electronic engineering",
  energy: "energy",
  materials: "materials science",
  civil: "civil engineering",
  management: "management",
  math: "mathematics",
};
export type ResearchField = z.infer<typeof ResearchField>;
