/**
 * Public profiles and comments never carry contact details, but their free text (CV, institution, display name,
 * comment body) is written by people who may paste an e-mail address or a phone number into it. Those are replaced
 * before anything is served. The text is normalised first, so disguised spellings meet the same patterns:
 * NFKC (fullwidth ＠ and digits), zero-width characters and soft hyphens removed, Arabic-Indic digits as ASCII,
 * `&#64;` / `&commat;` / `%40` as @.
 */

export const REDACTED = "[contact removed]";

/** Zero-width space/joiners, word joiner, BOM, soft hyphen, Mongolian vowel separator. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD\u180E]/g;
const ENCODED_AT = /&#0*64;|&#x0*40;|&commat;|%40/gi;
const ENCODED_DOT = /&#0*46;|&#x0*2e;|&period;|%2e/gi;
/** Arabic-Indic (U+0660–0669) and extended (U+06F0–06F9) digits; NFKC leaves them as they are. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

export function normaliseText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .replace(EASTERN_DIGITS, (d) => String((d.codePointAt(0) ?? 0) & 0xf))
    .replace(ENCODED_AT, "@")
    .replace(ENCODED_DOT, ".");
}

/** A label part of a domain or mailbox in any script (IDN domains: münchen.de, 大学.中国). */
const LABEL = "[\\p{L}\\p{N}_-]+";
const AT = "(?:@|[[({<]\\s*at\\s*[\\])}>]|\\s+at\\s+)";
const DOT = "(?:\\.|[[({<]\\s*dot\\s*[\\])}>]|\\s+dot\\s+)";

const CONTACT_PATTERNS: RegExp[] = [
  // mailto:, tel:, skype: and similar links, whatever follows them.
  /\b(?:mailto|tel|callto|sms|xmpp|skype|whatsapp|signal|viber|weixin):\S+/giu,
  // Messenger links: wa.me/…, t.me/…, m.me/…, signal.me/…
  /\b(?:wa\.me|t\.me|m\.me|signal\.me|api\.whatsapp\.com)\/\S*/giu,
  // Any number introduced as one (first, so the label's whole number goes): "Tel: …", "Mob: …", "Handy: …", "电话: …".
  /(?:\b(?:tel|tél|telephone|telefon|telefono|phone|mobile?|mob|cell|handy|fax|whatsapp|wechat|signal|viber|skype)\b|电话|手机|微信)\.?\s*[:：]?\s*[+(\d][\d\s()./-]{5,}\d/giu,
  // E-mail addresses, also "name [at] host [dot] org" and "name at uni dot edu".
  new RegExp(`[\\p{L}\\p{N}._%+-]+\\s*${AT}\\s*${LABEL}(?:\\s*${DOT}\\s*${LABEL})+`, "giu"),
  // International numbers: +41 44 632 11 11, 0041-44-632-1111, +1 (555) 010-9999.
  /(?:\+|\b00)\d{1,3}(?:[\s.()/-]*\d){6,14}/g,
  // North American style: (555) 010-9999, 555.010.9999. Never part of a longer number ("010 100 100 1000",
  // "010 100 1000 100"), which would leave a group behind for the national pattern below to miss.
  /(?<!\d[\s./-]?)\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b(?![\s./-]?\d)/g,
  // National numbers with a trunk 0: 044 632 11 11, 0176 1234567, 030-1234-5678.
  /\b0\d{1,4}(?:[\s./-]?\d{2,8}){2,5}\b/g,
];

/** The text with every e-mail address, phone number and contact link replaced; trimmed. */
export function redactContacts(text: string): string {
  return CONTACT_PATTERNS.reduce(
    (out, pattern) => out.replace(pattern, REDACTED),
    normaliseText(text),
  ).trim();
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
