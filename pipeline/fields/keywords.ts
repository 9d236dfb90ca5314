/**
 * Last resort for venues no source files under a field (most venues known only from the reference catalogue or
 * the QUALIS list): words of the venue's title. Applied only when every source is silent, and documented as an
 * inference in docs/research-fields.md.
 */
import type { ResearchField } from "../../snapshot/records.ts";

const RULES: [RegExp, ResearchField[]][] = [
  [/\bmachine learning|\blearning representations|\bneural\b|\bdeep learning/, ["ml", "ai"]],
  [
    /artificial intelligence|\bintelligent|\bagents?\b|\bknowledge\b|\breasoning|\bfuzzy|\bevolutionary|\bplanning/,
    ["ai"],
  ],
  [/\bvision\b|\bimage|\bvideo|\bpattern recognition/, ["vision"]],
  [/natural language|\blinguistic|\blanguage processing|\btranslation|\bspeech/, ["nlp"]],
  [
    /\bdata ?bases?\b|\bdata mining|\bdata science|\bbig data|\bdata engineering|\bdata management|\bknowledge discovery/,
    ["data"],
  ],
  [
    /\bnetwork|\bcommunications?\b|\bwireless|\bmobile|\binternet of things|\biot\b|\btelecommunication|\bsensor/,
    ["network"],
  ],
  [/\bsecurity|\bprivacy|\bcrypt|\btrust|\bforensic/, ["security"]],
  [/\bsoftware|\brequirements engineering|\btesting|\bverification|\bmodel[- ]driven/, ["se"]],
  [
    /\bdistributed|\bparallel|\bcloud|\boperating systems?|\bcomputer systems|\bhigh performance|\bgrid\b|\bstorage|\bedge computing/,
    ["systems"],
  ],
  [
    /\btheory|\balgorithm|\bcombinatori|\blogic\b|\bautomata|\bcomputational complexity|\bdiscrete math|\bgraph theory/,
    ["theory"],
  ],
  [
    /human[- ]computer|\binteraction|\buser interface|\bubiquitous|\bpervasive|\baccessib|\busability/,
    ["hci"],
  ],
  [/\bgraphics|\bvisuali[sz]ation|\bvirtual reality|\baugmented reality|\bgames?\b|\bgeometr/, ["graphics"]],
  [/\bbio|\bmedical|\bhealth|\bgenom|\bclinical/, ["bio"]],
  [/\brobot|\bautomation|\bautonomous|\bcontrol systems/, ["robotics"]],
  [/\bweb\b|\bsemantic web|\bworld wide web|\bsocial media|\be-commerce/, ["web"]],
  [
    /\barchitecture|\bcircuit|\bvlsi|\bhardware|\bembedded|\bdesign automation|\bfpga|\bmicroelectronic/,
    ["architecture"],
  ],
  [/\bprogramming|\bcompiler|\bfunctional languages?|\btype systems?/, ["pl"]],
  [/information retrieval|\bsearch\b|\brecommend|\bdigital librar/, ["ir"]],
  [/\bmultimedia|\baudio|\bsignal processing|\bmusic/, ["multimedia"]],
  [/information systems|\bbusiness|\benterprise|\bmanagement|\be-government|\bdecision support/, ["is"]],
  [/\beducation|\bteaching|\blearning technolog|\bcomputing education|\be-learning/, ["education"]],
];

export function fieldsFromTitle(title: string): ResearchField[] {
  const text = title.toLowerCase();
  const fields = new Set<ResearchField>();
  for (const [pattern, mapped] of RULES) if (pattern.test(text)) for (const f of mapped) fields.add(f);
  return [...fields];
}
