/**
 * Public profiles and comments never carry contact details, but their free text (CV, institution, display name,
 * comment body) is written by people who may paste an e-mail address or a phone number into it. Those are replaced
 * before anything is served. The text is normalised first, so disguised spellings meet the same patterns:
 * NFKC (fullwidth ＠ and digits, circled ①), the enclosed digits NFKC leaves (❶ ➀ ➊ ⓵ ⓫ ⑴ ⒈ 🄁) as digits,
 * zero-width characters and soft hyphens removed, Arabic-Indic digits as ASCII, `&#64;` / `&commat;` / `%40` as @,
 * any dash between digits (‐ – — − ﹣) as "-", and digits spelled out one by one ("0 4 4 6 3 2 …") closed up.
 * The patterns then take the other disguises as they are: @ and the dot in brackets or bars ("(@)", "|at|",
 * "[dot]", "(.)", "|dot|"), a middle dot or bullet for the dot ("uni·edu", "uni•edu"), and phone numbers grouped by
 * underscores or slashes ("+41_44_632_11_11"). Text in which nothing is found is served as written, never
 * normalised.
 */

export const REDACTED = "[contact removed]";

/** Zero-width space/joiners, word joiner, BOM, soft hyphen, Mongolian vowel separator. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD\u180E]/g;
const ENCODED_AT = /&#0*64;|&#x0*40;|&commat;|%40/gi;
const ENCODED_DOT = /&#0*46;|&#x0*2e;|&period;|%2e/gi;
/** Arabic-Indic (U+0660–0669) and extended (U+06F0–06F9) digits; NFKC leaves them as they are. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * Enclosed digits NFKC leaves alone or turns into more than a digit: [first code point, last, value of the first]
 * (Unicode blocks Enclosed Alphanumerics, Dingbats and Enclosed Alphanumeric Supplement).
 */
const ENCLOSED_DIGIT_RANGES: [number, number, number][] = [
  [0x2474, 0x2487, 1], // ⑴ … ⒇ parenthesized
  [0x2488, 0x249b, 1], // ⒈ … ⒛ with full stop
  [0x24eb, 0x24f4, 11], // ⓫ … ⓴ negative circled
  [0x24f5, 0x24fe, 1], // ⓵ … ⓾ double circled
  [0x24ff, 0x24ff, 0], // ⓿
  [0x2776, 0x277f, 1], // ❶ … ❿ dingbat negative circled
  [0x2780, 0x2789, 1], // ➀ … ➉ dingbat circled sans-serif
  [0x278a, 0x2793, 1], // ➊ … ➓ dingbat negative circled sans-serif
  [0x1f100, 0x1f100, 0], // 🄀 digit zero full stop
  [0x1f101, 0x1f10a, 0], // 🄁 … 🄊 digit comma
  [0x1f10b, 0x1f10c, 0], // 🄋 🄌 circled zero
];
const ENCLOSED_DIGIT = /[\u2474-\u249B\u24EB-\u24FF\u2776-\u2793\u{1F100}-\u{1F10C}]/gu;

function enclosedDigitValue(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const range = ENCLOSED_DIGIT_RANGES.find(([first, last]) => code >= first && code <= last);
  return range ? String(range[2] + code - range[0]) : char;
}

/** Hyphen-minus, hyphens, figure dash, en and em dash, bar, minus, small and fullwidth hyphen-minus. */
const DASH_BETWEEN_DIGITS = /(?<=\d)\s*[-\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]\s*(?=\d)/g;
/** Seven or more digits each on its own, spaced or dotted out: "0 4 4 6 3 2 1 1 1 1". */
const SPACED_DIGITS = /(?<!\d)\d(?:[\s./_-]\d){6,}(?!\d)/g;

export function normaliseText(text: string): string {
  return text
    .replace(ENCLOSED_DIGIT, enclosedDigitValue)
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .replace(EASTERN_DIGITS, (d) => String((d.codePointAt(0) ?? 0) & 0xf))
    .replace(ENCODED_AT, "@")
    .replace(ENCODED_DOT, ".")
    .replace(DASH_BETWEEN_DIGITS, "-")
    .replace(SPACED_DIGITS, (run) => run.replace(/\D/g, ""));
}

/** A label part of a domain or mailbox in any script (IDN domains: münchen.de, 大学.中国). */
const LABEL = "[\\p{L}\\p{N}_-]+";
/** What stands for the dot between labels: a full stop, a middle dot, a bullet, an ideographic full stop. */
const DOT_SIGN = "[.\u00B7\u2022\u2219\u22C5\u2027\u30FB\u3002]";
/** A word or sign written between brackets or bars: "[at]", "(@)", "{dot}", "|dot|", "(.)". */
const marked = (inner: string) => `[[({<|]\\s*(?:${inner})\\s*[\\])}>|]`;
/** @ itself or marked: never ordinary prose, so spaces may surround it and the dots after it. */
const AT_SIGN = `(?:@|${marked("at|@")})`;
const SPACED_DOT = `(?:\\s*(?:${DOT_SIGN}|${marked(`dot|${DOT_SIGN}`)})\\s*|\\s+dot\\s+)`;
/**
 * After the word "at" ("name at uni dot edu"), a dot sign counts only written tight, so a sentence that ends after
 * "worked at ETH. Then" or lists "Postdoc at MIT · Boston" is no address.
 */
const TIGHT_DOT = `(?:${DOT_SIGN}|\\s*${marked(`dot|${DOT_SIGN}`)}\\s*|\\s+dot\\s+)`;
const MAILBOX = "[\\p{L}\\p{N}._%+-]+";

const CONTACT_PATTERNS: RegExp[] = [
  // mailto:, tel:, skype: and similar links, whatever follows them.
  /\b(?:mailto|tel|callto|sms|xmpp|skype|whatsapp|signal|viber|weixin):\S+/giu,
  // Messenger links: wa.me/…, t.me/…, m.me/…, signal.me/…
  /\b(?:wa\.me|t\.me|m\.me|signal\.me|api\.whatsapp\.com)\/\S*/giu,
  // Any number introduced as one (first, so the label's whole number goes): "Tel: …", "Mob: …", "Handy: …", "电话: …".
  /(?:\b(?:tel|tél|telephone|telefon|telefono|phone|mobile?|mob|cell|handy|fax|whatsapp|wechat|signal|viber|skype)\b|电话|手机|微信)\.?\s*[:：]?\s*[+(\d][\d\s()./_-]{5,}\d/giu,
  // E-mail addresses, also "name [at] host [dot] org", "name(@)uni·edu", "name |at| uni |dot| edu".
  new RegExp(`${MAILBOX}\\s*${AT_SIGN}\\s*${LABEL}(?:${SPACED_DOT}${LABEL})+`, "giu"),
  // "name at uni dot edu", "name at uni.edu", "name at uni·edu"; not a link ("code at github.com/ada").
  new RegExp(`${MAILBOX}\\s+at\\s+${LABEL}(?:${TIGHT_DOT}${LABEL})+(?![\\p{L}\\p{N}_/-])`, "giu"),
  // "#" for @, written tight and ending in a top-level domain of letters: carol.smith#uni.edu (not "issue #3.2").
  new RegExp(`${MAILBOX}#${LABEL}(?:${DOT_SIGN}${LABEL})*${DOT_SIGN}\\p{L}{2,}(?![\\p{L}\\p{N}_-])`, "gu"),
  // International numbers: +41 44 632 11 11, 0041-44-632-1111, +1 (555) 010-9999, +41_44_632_11_11. As the
  // national ones below, never starting inside a longer number nor an ORCID iD.
  /(?:\+|(?<!\d[\s./_-]?)\b(?!000[09]-\d{4}-\d{4}-\d{3}[\dX]\b)00)\d{1,3}(?:[\s.()/_-]*\d){6,14}/g,
  // North American style: (555) 010-9999, 555.010.9999. Never part of a longer number ("010 100 100 1000",
  // "010 100 1000 100"), which would leave a group behind for the national pattern below to miss.
  /(?<!\d[\s./_-]?)\(?\b\d{3}\)?[\s./_-]\d{3}[\s./_-]\d{4}\b(?![\s./_-]?\d)/g,
  // National numbers with a trunk 0: 044 632 11 11, 0176 1234567, 030-1234-5678, 044_632_11_11. Never starting
  // inside a longer number ("10 00 000 00 00"), which would leave its head behind, nor an ORCID iD
  // (0000-0002-1825-0097: ORCID iDs start 0000- or 0009-), nor an ISSN or a page range of the same shape on its
  // own (0018-9340, 0101-0110).
  /(?<!\d[\s./_-]?)\b(?!000[09]-\d{4}-\d{4}-\d{3}[\dX]\b)(?!\d{4}-\d{3}[\dX](?![\s./_-]?\d))0\d{1,4}(?:[\s./_-]?\d{2,8}){2,5}\b/g,
  // 9 to 15 digits in one run, not part of an identifier (W2741809807) or a decimal: a number written without
  // its prefix or spelled out one by one and closed up by normaliseText.
  /(?<![\p{L}\p{N}.,/-])\d{9,15}(?![\p{L}\p{N}/-]|[.,]\d)/gu,
];

/**
 * A number in four or more groups without a prefix (14 44 632 11 11: the trunk 0 left out). A phone number when it
 * has 9 to 15 digits and is not a row of 4-digit groups (years: "2019 2020 2021").
 */
const GROUPED_DIGITS = /(?<![\p{L}\d.,/_-])\d{1,4}(?:[\s./_-]\d{1,4}){3,}(?![\d/_-]|[.,]\d)/gu;

function isGroupedPhoneNumber(run: string): boolean {
  const groups = run.split(/[\s./_-]/);
  const digits = groups.join("").length;
  return digits >= 9 && digits <= 15 && !groups.every((group) => group.length === 4);
}

/** The text with every e-mail address, phone number and contact link replaced; trimmed. */
export function redactContacts(text: string): string {
  const normalised = normaliseText(text);
  const redacted = CONTACT_PATTERNS.reduce(
    (out, pattern) => out.replace(pattern, REDACTED),
    normalised,
  ).replace(GROUPED_DIGITS, (run) => (isGroupedPhoneNumber(run) ? REDACTED : run));
  // Nothing found: the text as written (an en dash in a page range, a fullwidth letter stay as they are).
  return (redacted === normalised ? text : redacted).trim();
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
