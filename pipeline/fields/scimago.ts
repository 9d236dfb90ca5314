/**
 * SCImago subject categories onto research fields. The importer keeps them as tentative fields (a journal is
 * filed under several categories, loosely): they count where a finer source or the title agrees. The `Categories` cell lists a journal's categories with
 * its quartile in each ("Software (Q1); Signal Processing (Q2)"); most non-CS categories carry no field.
 * SCImago has no robotics, security or web category: the nearest ones it does have are used where their
 * journals show it (IEEE T-RO is "Control and Systems Engineering", IEEE TIFS "Safety, Risk, Reliability
 * and Quality"), knowing they also hold control and reliability-engineering journals.
 */
import { RESEARCH_FIELDS, type ResearchField } from "../../snapshot/records.ts";

const BY_CATEGORY: Record<string, ResearchField[]> = {
  "Artificial Intelligence": ["ai"],
  "Computer Vision and Pattern Recognition": ["vision"],
  "Linguistics and Language": ["nlp"],
  // SCImago's "Information Systems" holds TKDE, VLDB Journal, ACM TOIS: data management, not management IS.
  "Information Systems": ["data"],
  "Management Information Systems": ["is", "management"],
  "Information Systems and Management": ["is", "management"],
  "Library and Information Sciences": ["ir"],
  "Computer Networks and Communications": ["network"],
  "Safety, Risk, Reliability and Quality": ["security"],
  Software: ["se"],
  "Hardware and Architecture": ["architecture"],
  "Theoretical Computer Science": ["theory"],
  "Computational Theory and Mathematics": ["theory"],
  "Discrete Mathematics and Combinatorics": ["theory"],
  Logic: ["theory"],
  "Human-Computer Interaction": ["hci"],
  "Computer Graphics and Computer-Aided Design": ["graphics"],
  "Media Technology": ["multimedia"],
  "Signal Processing": ["multimedia"],
  "Control and Systems Engineering": ["robotics"],
  "Molecular Biology": ["bio"],
  Genetics: ["bio"],
  Biochemistry: ["bio"],
  "Biochemistry, Genetics and Molecular Biology (miscellaneous)": ["bio"],
  "Structural Biology": ["bio"],
  "Health Informatics": ["bio"],
  "Biomedical Engineering": ["bio"],
  Education: ["education"],
  "E-learning": ["education"],
  // The reference's non-computing areas.
  "Electrical and Electronic Engineering": ["ee"],
  "Energy Engineering and Power Technology": ["energy"],
  "Renewable Energy, Sustainability and the Environment": ["energy"],
  "Energy (miscellaneous)": ["energy"],
  "Fuel Technology": ["energy"],
  "Nuclear Energy and Engineering": ["energy"],
  "Materials Science (miscellaneous)": ["materials"],
  "Electronic, Optical and Magnetic Materials": ["materials"],
  "Materials Chemistry": ["materials"],
  "Ceramics and Composites": ["materials"],
  "Metals and Alloys": ["materials"],
  "Polymers and Plastics": ["materials"],
  "Surfaces, Coatings and Films": ["materials"],
  "Civil and Structural Engineering": ["civil"],
  "Building and Construction": ["civil"],
  "Geotechnical Engineering and Engineering Geology": ["civil"],
  "Strategy and Management": ["management"],
  "Management Science and Operations Research": ["management"],
  "Management of Technology and Innovation": ["management"],
  "Business and International Management": ["management"],
  "Applied Mathematics": ["math"],
  "Computational Mathematics": ["math"],
  "Numerical Analysis": ["math"],
  "Statistics and Probability": ["math"],
  "Mathematics (miscellaneous)": ["math"],
  "Control and Optimization": ["math"],
};

/** "Software (Q1)" → "Software"; collapses the doubled spaces some rows carry before the quartile. */
function categoryName(entry: string): string {
  return entry
    .replace(/\(Q[1-4]\)\s*$/, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The category names of a `Categories` cell, quartiles dropped. */
export function scimagoCategories(cell: string): string[] {
  return cell
    .split(";")
    .map(categoryName)
    .filter((name) => name !== "");
}

/** Fields of a journal's categories, without duplicates, in RESEARCH_FIELDS order. */
export function fieldsFromScimagoCategories(categories: readonly string[]): ResearchField[] {
  const found = new Set(categories.flatMap((name) => BY_CATEGORY[name] ?? []));
  return RESEARCH_FIELDS.filter((field) => found.has(field));
}
