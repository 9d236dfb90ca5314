/**
 * The check that a Chinese page shows no untranslated interface text (issue 40): the English words of the message
 * groups that name interface text (navigation, labels, headings, states, the account and digest pages' words), found
 * in a page's interface elements (headings, labels, buttons, legends, notes …) outside what is marked English and
 * outside code and data (venue names, as the sources give them).
 */
import { parseHTML } from "linkedom";
import { MESSAGES } from "../../render/i18n.ts";

/** A word of 4+ letters that is not part of an identifier (ccf-deadlines, cp_index, a/b). */
const WORD = /(?<![\w/-])[A-Za-z][a-z]{3,}(?![\w/-])/g;

/** Message groups that are interface words (not sentences that quote data, not the language switch itself). */
const INTERFACE_GROUPS =
  /^(nav|state|col|venue|table|filter|search|deadline|rank|journal|rankings|metric|cp|next|related|credits|pager|home|deadlines|watch|type|list|age|stats|chart|feeds|download|api|notfound|acct|digest)\./;

/** Names kept as they are in Chinese too. */
const KEPT = new Set([
  "Venue",
  "Directory",
  "Markdown",
  "Google",
  "Calendar",
  "Outlook",
  "Apple",
  "SCImago",
  "Scopus",
  "Country",
  "Rank",
  "Journal",
  "CAPES",
  "QUALIS",
  "iCalendar",
  "webcal",
  "Anywhere",
  "Earth",
]);

/** English words a Chinese page must not show in its interface: each English message's words of 4+ letters. */
const FORBIDDEN = new Set(
  Object.entries(MESSAGES.en)
    .filter(
      ([key, text]) => INTERFACE_GROUPS.test(key) && text !== MESSAGES.zh[key as keyof typeof MESSAGES.zh],
    )
    .flatMap(([, text]) => text.replace(/\{\w+\}/g, " ").match(/[A-Za-z][a-z]{3,}/g) ?? [])
    .filter((word) => !KEPT.has(word)),
);

/** Where a page's interface words are (data such as venue names sits in cells, links and paragraphs). */
export const INTERFACE =
  "h1, h2, h3, th, caption, label, legend, summary, button, nav, dt, .badge, #deadlines-status, #search-status, .subtitle, .note, .muted";

/**
 * English interface words in the page's interface elements (`where`, a CSS selector list), outside the parts marked
 * lang="en" (the switch, the OpenAPI document's words) and code (paths, parameter names); `dataNames` (venue names)
 * are taken out first.
 */
export function englishInterfaceWords(
  html: string,
  dataNames: readonly string[] = [],
  where: string = INTERFACE,
): string[] {
  const { document } = parseHTML(html);
  for (const marked of document.querySelectorAll('body [lang="en"], script, svg, code')) marked.remove();
  let text = [...document.querySelectorAll(where)].map((e) => e.textContent ?? "").join(" ");
  for (const name of dataNames) text = text.replaceAll(name, " ");
  return [...new Set((text.match(WORD) ?? []).filter((w) => FORBIDDEN.has(w)))];
}
