/**
 * The AI trackers' topic vocabularies onto research fields: huggingface/ai-deadlines `tags` ("machine-learning",
 * sometimes written "machine learning") and paperswithcode/ai-deadlines `sub` codes ("ML", "CV"; named in that
 * repository's types.yml). Machine learning also counts as "ai" so that ML venues answer the contract's `ai`
 * filter, which has no `ml` value.
 */
import type { ResearchField } from "../../snapshot/records.ts";

const BY_HF_TAG: Record<string, ResearchField[]> = {
  "machine-learning": ["ml", "ai"],
  "deep-learning": ["ml", "ai"],
  "representation-learning": ["ml", "ai"],
  "reinforcement-learning": ["ml", "ai"],
  "lifelong-learning": ["ml", "ai"],
  "optimization-methods": ["ml", "ai"],
  "computer-vision": ["vision"],
  "image-processing": ["vision"],
  "visual-information-processing": ["vision"],
  "pattern-recognition": ["vision", "ml"],
  "natural-language-processing": ["nlp"],
  "large-language-models": ["nlp", "ai"],
  "data-mining": ["data"],
  "web-mining": ["data", "web"],
  "web-search": ["web", "ir"],
  "information-retrieval": ["ir"],
  retrieval: ["ir"],
  recommendation: ["ir"],
  "content-analysis": ["ir"],
  "knowledge-graphs": ["ai", "data"],
  "knowledge-representation": ["ai"],
  "semantics-and-knowledge": ["ai"],
  reasoning: ["ai"],
  fairness: ["ai"],
  robotics: ["robotics"],
  "computer-graphics": ["graphics"],
  "human-computer-interaction": ["hci"],
  "signal-processing": ["multimedia"],
  speech: ["multimedia", "nlp"],
  "information-systems": ["is"],
  "software-engineering": ["se"],
  mathematics: ["theory"],
};

const BY_PWC_SUB: Record<string, ResearchField[]> = {
  ML: ["ml", "ai"], // Machine Learning
  CV: ["vision"], // Computer Vision
  CG: ["graphics"], // Computer Graphics
  NLP: ["nlp"], // Natural Language Proc
  RO: ["robotics"], // Robotics
  SP: ["multimedia"], // Speech/SigProc
  DM: ["data"], // Data Mining
  AP: ["ai"], // Automated Planning
  KR: ["ai"], // Knowledge Representation
  HCI: ["hci"], // Human-Computer Interaction
};

function collect(
  values: readonly string[],
  lookup: (value: string) => ResearchField[] | undefined,
): ResearchField[] {
  const fields = new Set<ResearchField>();
  for (const value of values) for (const field of lookup(value) ?? []) fields.add(field);
  return [...fields];
}

/** Tags the vocabulary does not know add nothing. */
export function fieldsFromHfTags(tags: readonly string[]): ResearchField[] {
  return collect(tags, (tag) => BY_HF_TAG[hfTagKey(tag)]);
}

export function fieldsFromPwcSubs(codes: readonly string[]): ResearchField[] {
  return collect(codes, (code) => BY_PWC_SUB[code.trim().toUpperCase()]);
}

/** "Machine Learning", "machine learning" and "machine-learning" are one tag. */
function hfTagKey(tag: string): string {
  return tag
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
}
