/**
 * The contact filter against generated spellings (fast-check): e-mail addresses with every disguise of @ and the
 * dot ("#", "(at)", "(@)", "|at|", " at ", "[.]", "|dot|", "·", "•"), zero-width characters, fullwidth forms and IDN
 * domains; phone numbers in local and international form, with labels in several languages, every kind of dash,
 * underscores or slashes between groups, digits fullwidth, Arabic-Indic, circled (① ❶ ➀) or spaced out one by one,
 * and numbers without their trunk 0. Nothing of the contact may survive, and ordinary academic prose (years, ISSNs,
 * page ranges, "at the university") survives as written.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REDACTED, redactContacts } from "../../accounts/adapters/contacts.ts";

const letters = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"), minLength: min, maxLength: max });
const ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"];

/** Inserts zero-width characters at random places (what a copy from a web page or a deliberate dodge adds). */
const sprinkled = (text: string) =>
  fc
    .array(fc.tuple(fc.nat(text.length), fc.constantFrom(...ZERO_WIDTH)), { maxLength: 3 })
    .map((cuts) => cuts.reduce((t, [at, zw]) => t.slice(0, at) + zw + t.slice(at), text));

const fullwidth = (text: string) =>
  text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const arabicIndic = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
/** ① … ⑨ with ⓪ (NFKC knows them), and the dingbat forms ❶ … ❾ with ⓿ and ➀ … ➈ (it does not). */
const enclosed = (zero: number, one: number) => (text: string) =>
  text.replace(/\d/g, (d) => String.fromCodePoint(d === "0" ? zero : one + Number(d) - 1));
const DIGIT_STYLES = {
  ascii: (text: string) => text,
  fullwidth,
  "arabic-indic": arabicIndic,
  circled: enclosed(0x24ea, 0x2460),
  "dingbat negative circled": enclosed(0x24ff, 0x2776),
  "dingbat circled": enclosed(0x24ea, 0x2780),
  // Every digit on its own: "0 4 4 6 3 2 1 1 1 1".
  "one by one": (text: string) => text.replace(/\d(?=\d)/g, "$& "),
};
/** Group separators: plain, the dashes a word processor puts in (en, em, figure dash, minus, hyphen), underscores. */
const SEPARATORS = [" ", "-", ".", "/", "_", "–", "—", "‒", "−", "‐", " – "];
/** Signs written for the dot with no space around them: full stop, middle dot, bullet, ideographic full stop. */
const TIGHT_DOTS = [".", "·", "•", "∙", "・", "。"];

const email = fc
  .record({
    local: letters(4, 10).map((l) => `q${l}`),
    host: fc.oneof(letters(3, 10), fc.constantFrom("münchen", "zürich", "大学", "université")),
    tld: fc.constantFrom("edu", "org", "ch", "de", "中国", "co.uk"),
    at: fc.constantFrom(
      "@",
      " @ ",
      "＠",
      "&#64;",
      "&#x40;",
      "%40",
      "&commat;",
      " [at] ",
      "(at)",
      " at ",
      " {at} ",
      "(@)",
      " [@] ",
      "|at|",
      " | at | ",
      "|@|",
      "#",
    ),
    dot: fc.constantFrom(
      ...TIGHT_DOTS,
      " [dot] ",
      "(dot)",
      " dot ",
      "[.]",
      "(.)",
      "|dot|",
      " |dot| ",
      "[·]",
      "(•)",
    ),
    wide: fc.boolean(),
  })
  .chain(({ local, host, tld, at, dot: anyDot, wide }) => {
    // "#" stands for @ only in a tight address: carol.smith#uni.edu, carol.smith#uni·edu.
    const dot = at === "#" && !TIGHT_DOTS.includes(anyDot) ? "." : anyDot;
    const text = `${local}${at}${host}${dot}${tld.replace(".", dot)}`;
    return sprinkled(wide ? fullwidth(text) : text).map((spelled) => ({ spelled, local }));
  });

const phone = fc
  .record({
    groups: fc.array(fc.integer({ min: 10, max: 9999 }), { minLength: 3, maxLength: 4 }),
    prefix: fc.constantFrom("0", "+41 ", "0041 ", "+86 ", "+1 "),
    label: fc.constantFrom(
      "",
      "Tel: ",
      "Phone ",
      "Mob: ",
      "Handy: ",
      "电话: ",
      "手机：",
      "WhatsApp ",
      "fax. ",
    ),
    separator: fc.constantFrom(...SEPARATORS),
    digits: fc.constantFrom(...(Object.keys(DIGIT_STYLES) as (keyof typeof DIGIT_STYLES)[])),
  })
  .chain(({ groups, prefix, label, separator, digits }) => {
    const number = `${prefix}${groups.map(String).join(separator)}`;
    return sprinkled(`${label}${DIGIT_STYLES[digits](number)}`);
  });

/** A number without its trunk 0 or a country code, in the grouping people use: 14 44 632 11 11. */
const bareNumber = fc
  .record({
    groups: fc.constantFrom([2, 2, 3, 2, 2], [3, 3, 2, 2], [3, 2, 2, 2, 2], [2, 3, 2, 2], [1, 3, 3, 4]),
    seed: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 15, maxLength: 15 }),
    separator: fc.constantFrom(...SEPARATORS),
    digits: fc.constantFrom(...(Object.keys(DIGIT_STYLES) as (keyof typeof DIGIT_STYLES)[])),
  })
  .chain(({ groups, seed, separator, digits }) => {
    const starts = groups.map((_, i) => groups.slice(0, i).reduce((a, b) => a + b, 0));
    const parts = groups.map((length, i) => seed.slice(starts[i], (starts[i] ?? 0) + length).join(""));
    // A leading digit of 1-9: with 0 it is the national form the phone generator covers.
    const number = `${((seed[14] ?? 0) % 9) + 1}${parts.join(separator).slice(1)}`;
    return sprinkled(DIGIT_STYLES[digits](number));
  });

const digitCount = (text: string) => (text.normalize("NFKC").match(/[\d\u0660-\u0669]/g) ?? []).length;

/** For 500 generated spellings: the filtered `text` of each holds REDACTED and passes `check`. */
function expectEveryRedacted<T>(
  spellings: fc.Arbitrary<T>,
  text: (spelling: T) => string,
  check: (out: string, spelling: T) => void,
) {
  fc.assert(
    fc.property(spellings, (spelling) => {
      const out = redactContacts(text(spelling));
      expect(out).toContain(REDACTED);
      check(out, spelling);
    }),
    { numRuns: 500 },
  );
}

describe("contact filter (property-based)", () => {
  it("removes every generated e-mail spelling, in the middle of prose", () => {
    expectEveryRedacted(
      email,
      ({ spelled }) => `Reach me: ${spelled} for questions.`,
      (out, { local }) => expect(out).not.toContain(local),
    );
  });

  it("removes every generated phone spelling: at most a stray label digit or two survive", () => {
    expectEveryRedacted(
      phone,
      (spelled) => `Office hours Mondays. ${spelled}`,
      (out) => expect(digitCount(out)).toBeLessThan(3),
    );
  });

  it("removes every generated number without a prefix (four groups or more, 9 to 15 digits)", () => {
    expectEveryRedacted(
      bareNumber,
      (spelled) => `Office hours Mondays. ${spelled}`,
      (out) => expect(digitCount(out)).toBe(0),
    );
  });

  it("removes the spellings the two attack runs found, and the second run's families", () => {
    for (const spelled of [
      // The first run: en dashes, digits one by one, circled digits, '#' for @.
      "044–632–11–11",
      "0 4 4 6 3 2 1 1 1 1",
      "①④ ④④ 632 11 11",
      "carol.smith#uni.edu",
      // The second run.
      "carol@uni·edu",
      "carol(@)uni.edu",
      "carol|at|uni.edu",
      "+41_44_632_11_11",
      "carol @ uni • edu",
      "carol [@] uni [dot] edu",
      "carol (at) uni (.) edu",
      "carol |at| uni |dot| edu",
      "carol at uni·edu",
      "carol.smith#uni·edu",
      "carol＠uni・edu",
      "carol@大学。中国",
      "044_632_11_11",
      "0041_44_632_11_11",
      "555_010_9999",
      "555/010/9999",
      "14/44/632/11/11",
      "14_44_632_11_11",
      "0_4_4_6_3_2_1_1_1_1",
      "Tel: 044_632_11_11",
    ]) {
      expect(redactContacts(`Write or call: ${spelled}.`), spelled).toBe(`Write or call: ${REDACTED}.`);
    }
  });

  it("removes a national number whole, not a North American-looking part of it (found by this property)", () => {
    for (const spelled of ["010 100 100 1000", "010 100 1000 100"])
      expect(redactContacts(`Office hours Mondays. ${spelled}`)).toBe(`Office hours Mondays. ${REDACTED}`);
  });

  it("leaves ordinary academic prose alone", () => {
    for (const text of [
      "I worked at ETH from 2019 to 2021 on 3 papers.",
      "Published in 2020, 2021 and 2022; h-index 12.",
      "Room 0.12, building 42",
      "Program committee at NeurIPS 2024 and ICML 2025.",
      "Issue #3.2 of the C# guide; IEEE 802.11; v1.2.3.4; DOI 10.1145/3292500.3330919",
      "ISBN 978-3-16-148410-0, chairs 2019 2020 2021, grant 1 2 3 4 5",
      "ORCID 0000-0002-1825-0097, OpenAlex W2741809807, 1.5 billion (1500000000.5) tokens",
      "I studied at the university of Zurich. Then at the ETH.",
      "I worked at ETH. Then I moved to EPFL.",
      "Postdoc at MIT · Boston • 2019–2021",
      "Research · Teaching • Service; col·legi; code at github.com/ada/tools",
      "ISSN 0018-9340, eISSN 1557-7341, ISSN 0360-0300, ISSN 2167-827X",
      "pp. 1021–1035, pages 0101-0110, vol. 12/3, 2019/2020/2021/2022",
      "Deadlines 12/03/2021 and 2021-03-12; snake_case_2021; file_v1_2_3_4.pdf",
      "Ｆｕｌｌｗｉｄｔｈ title, ² squared, ﬁne ligature",
    ]) {
      expect(redactContacts(text)).toBe(text);
    }
  });
});
