/**
 * Australian and New Zealand Standard Research Classification "Fields of Research" codes, as CORE files its
 * conferences, onto research fields. CORE files a venue under up to three codes, by review panel more than by
 * topic (FAST under data management, SIGGRAPH under human-centred computing, SIGMETRICS under software
 * engineering), so the importer keeps every one as a tentative field (pipeline/fields/venue-fields.ts). CORE editions up to 2018 use the 2008 codes (08xx Information and
 * Computing Sciences), later ones the 2020 codes (46xx Information and Computing Sciences). Some CORE rows
 * also carry codes of neighbouring disciplines (engineering, design, cognitive science).
 *
 * Decisions, where a code does not name one of our fields:
 * - 2-digit division codes (08, 46 "generic IT", 09, 10, 12...), "other" groups (0899, 4699) and 4601
 *   Applied computing (applications in health, the arts, education, spatial data...) give no field: they are
 *   too broad to say anything.
 * - 0801 "Artificial Intelligence and Image Processing" gives "ai" only: it also holds vision and NLP, but
 *   nothing in the code tells which; the 2020 codes split them (4603).
 * - 0804 "Data Format" is, by its definition, coding theory, encryption and data structures, but CORE filed
 *   the database and data-mining venues under it (SIGMOD, VLDB, KDD): "data" follows that use.
 * - 0906/4008 electrical and 4009 electronics, sensors and digital hardware, like 1006 computer hardware, give
 *   "architecture": the CORE venues carrying them are circuit-design and hardware venues; the electrical and
 *   electronic codes also give the reference's "ee" (4008 covers power systems, so "energy" too).
 * - Mathematics, civil and materials engineering and management codes give the reference's math, civil,
 *   materials and management; pure-mathematics codes (0101, 4904) say nothing about computing venues' topics
 *   and give none.
 * - "CSE" is not a FoR code but CORE 2023's mark for venues moved to the computer systems engineering panel
 *   (ISCA, DAC, FPGA, SC, DATE...): "architecture".
 */
import type { ResearchField } from "../../snapshot/records.ts";

const BY_CODE: Record<string, ResearchField[]> = {
  // 2008 Information and Computing Sciences.
  "0801": ["ai"], // Artificial Intelligence and Image Processing
  "0802": ["theory"], // Computation Theory and Mathematics
  "0803": ["se", "pl"], // Computer Software (software engineering, programming languages, operating systems)
  "0804": ["data"], // Data Format (as used by CORE: databases, data mining)
  "0805": ["systems", "network"], // Distributed Computing (grids, mobile, networking, web technologies)
  "0806": ["is"], // Information Systems
  "0807": ["ir"], // Library and Information Studies (information retrieval, web search)
  // 2008 neighbouring disciplines.
  "0903": ["bio"], // Biomedical Engineering
  "0102": ["math"], // Applied Mathematics
  "0103": ["math"], // Numerical and Computational Mathematics
  "0104": ["math"], // Statistics
  "0905": ["civil"], // Civil Engineering
  "0906": ["architecture", "ee"], // Electrical and Electronic Engineering
  "0912": ["materials"], // Materials Engineering
  "0910": ["robotics"], // Manufacturing Engineering (robotics and mechatronics in CORE's use)
  "0913": ["robotics"], // Mechanical Engineering
  "1005": ["network"], // Communications Technologies
  "1006": ["architecture"], // Computer Hardware
  "1503": ["management"], // Business and Management
  "1203": ["hci"], // Design Practice and Management (interaction design: CHI, DIS, OZCHI)
  "1702": ["ai"], // Cognitive Sciences (knowledge representation, machine learning)
  // 2020 Information and Computing Sciences.
  "4602": ["ai"], // Artificial intelligence
  "4603": ["vision", "multimedia"], // Computer vision and multimedia computation
  "4604": ["security"], // Cybersecurity and privacy
  "4605": ["data"], // Data management and data science
  "4606": ["systems", "network"], // Distributed computing and systems software
  "4607": ["graphics"], // Graphics, augmented reality and games
  "4608": ["hci"], // Human-centred computing
  "4609": ["is"], // Information systems
  "4610": ["ir"], // Library and information studies
  "4611": ["ml"], // Machine learning
  "4612": ["se", "pl"], // Software engineering (programming languages included)
  "4613": ["theory"], // Theory of computation
  // 2020 neighbouring disciplines.
  "3102": ["bio"], // Bioinformatics and computational biology
  "4006": ["network"], // Communications engineering
  "4007": ["robotics"], // Control engineering, mechatronics and robotics
  "3507": ["management"], // Strategy, management and organisational behaviour
  "4005": ["civil"], // Civil engineering
  "4008": ["architecture", "ee", "energy"], // Electrical engineering (electrical energy generation and power systems)
  "4009": ["architecture", "ee"], // Electronics, sensors and digital hardware
  "4016": ["materials"], // Materials engineering
  "4901": ["math"], // Applied mathematics
  "4903": ["math"], // Numerical and computational mathematics
  "4905": ["math"], // Statistics
  CSE: ["architecture"], // CORE 2023 computer systems engineering panel
};

/** Fields of one FoR code (2008 or 2020, 4-digit or 2-digit); [] for a code that names no field. */
export function fieldsFromForCode(code: string): ResearchField[] {
  return BY_CODE[code.trim().toUpperCase()] ?? [];
}

/** Fields of a venue's FoR codes, each once, in the order the codes give them. */
export function fieldsFromForCodes(codes: readonly string[]): ResearchField[] {
  return [...new Set(codes.flatMap(fieldsFromForCode))];
}
