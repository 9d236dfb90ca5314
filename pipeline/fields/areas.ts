/**
 * Area labels of the two acceptance-rate sources onto research fields: csconferences uses CSRankings-style
 * short names ("Arch", "Web+IR"), lixin4ever uses the headings of its markdown tables. An unknown label gives
 * no field rather than a guess; the real-data test checks every label in use is known.
 */
import type { ResearchField } from "../../snapshot/records.ts";

const CSCONFERENCES_AREAS: Record<string, ResearchField[]> = {
  AI: ["ai"],
  ML: ["ml"],
  Vision: ["vision"],
  NLP: ["nlp"],
  "Web+IR": ["web", "ir"],
  Robotics: ["robotics"],
  HCI: ["hci"],
  Graphics: ["graphics"],
  DB: ["data"],
  Security: ["security"],
  Crypt: ["security"], // CRYPTO, EuroCrypt: CCF files cryptography under security
  SE: ["se"],
  PL: ["pl"],
  Arch: ["architecture"],
  OS: ["systems"],
  Bed: ["systems"], // embedded & real-time systems (RTAS, RTSS)
  Networks: ["network"],
  Mobile: ["network"], // MobiCom, MobiSys, SenSys
  Metrics: ["systems", "network"], // SIGMETRICS, IMC: performance and network measurement
  Theory: ["theory"],
  Logic: ["theory"], // LICS, CAV
  ECom: ["theory"], // EC, WINE: algorithmic game theory
};

const LIXIN_AREAS: Record<string, ResearchField[]> = {
  "Natural Language Processing and Computational Linguistics": ["nlp"],
  "Computer Vision and Pattern Recognition": ["vision"],
  "Machine Learning and Learning Theory": ["ml"],
  "Artificial Intelligence": ["ai"],
  // KDD and WSDM sit here beside SIGIR: the heading settles "data" only.
  "Data Mining and Information Retrieval": ["data"],
  // ICASSP, INTERSPEECH: CCF ranks ICASSP under graphics & multimedia.
  "Speech and Signal Processing": ["multimedia"],
};

export function fieldsFromCsconferencesArea(area: string): ResearchField[] {
  return [...(CSCONFERENCES_AREAS[area.trim()] ?? [])];
}

export function fieldsFromLixinArea(area: string): ResearchField[] {
  return [...(LIXIN_AREAS[area.trim()] ?? [])];
}
