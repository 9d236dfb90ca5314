/**
 * Public profiles never carry contact details, but their free text (CV, institution, display name) is written by
 * people who may paste an e-mail address or a phone number into it. Those are replaced before anything is served.
 */

export const REDACTED = "[contact removed]";

const CONTACT_PATTERNS: RegExp[] = [
  // mailto:, tel: and similar links, whatever follows them.
  /\b(?:mailto|tel|callto|sms|xmpp):\S+/gi,
  // E-mail addresses, also the "name [at] host [dot] org" spelling.
  /[\w.%+-]+\s*(?:@|[[({]\s*at\s*[\])}])\s*[\w-]+(?:\s*(?:\.|[[({]\s*dot\s*[\])}])\s*[\w-]+)+/gi,
  // International numbers: +41 44 632 11 11, 0041-44-632-1111, +1 (555) 010-9999.
  /(?:\+|\b00)\d{1,3}(?:[\s.()/-]*\d){6,14}/g,
  // North American style: (555) 010-9999, 555.010.9999.
  /\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/g,
  // Any number introduced as one: "Tel: 044 632 11 11", "Mobile 0176 1234567".
  /\b(?:tel|telephone|phone|mobile|cell|fax|whatsapp)\b\.?:?\s*[+(\d][\d\s()./-]{5,}\d/gi,
];

/** The text with every e-mail address, phone number and contact link replaced; trimmed. */
export function redactContacts(text: string): string {
  return CONTACT_PATTERNS.reduce((out, pattern) => out.replace(pattern, REDACTED), text).trim();
}

/** As redactContacts, for optional fields: null stays null, and so does text that is empty after it. */
export function redactOptional(text: string | null): string | null {
  if (text === null) return null;
  return redactContacts(text) || null;
}

export const UNNAMED_RESEARCHER = "Anonymous researcher";

/** The name a researcher is shown under (profiles, comment authors). */
export function publicName(name: string | null): string {
  return redactContacts(name ?? "") || UNNAMED_RESEARCHER;
}
