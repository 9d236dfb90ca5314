/**
 * The reference service's 21 research-field values (its contract 2.1.0), written out independently of the code (in
 * alphabetical order, not the code's).
 */
export const REFERENCE_FIELDS = [
  "ai",
  "bio",
  "civil",
  "data",
  "education",
  "ee",
  "energy",
  "graphics",
  "hci",
  "management",
  "materials",
  "math",
  "network",
  "nlp",
  "robotics",
  "se",
  "security",
  "systems",
  "theory",
  "vision",
  "web",
] as const;
