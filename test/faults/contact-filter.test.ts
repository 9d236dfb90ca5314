/**
 * The contact filter against generated spellings (fast-check): e-mail addresses with every disguise of @ and the
 * dot, zero-width characters, fullwidth forms and IDN domains; phone numbers in local and international form, with
 * labels in several languages and fullwidth or Arabic-Indic digits. Nothing of the contact may survive.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REDACTED, redactContacts } from "../../functions/store-adapters/contacts.ts";

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
    ),
    dot: fc.constantFrom(".", " [dot] ", "(dot)", " dot "),
    wide: fc.boolean(),
  })
  .chain(({ local, host, tld, at, dot, wide }) => {
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
    separator: fc.constantFrom(" ", "-", ".", "/"),
    digits: fc.constantFrom("ascii", "fullwidth", "arabic-indic"),
  })
  .chain(({ groups, prefix, label, separator, digits }) => {
    const number = `${prefix}${groups.map(String).join(separator)}`;
    const shown =
      digits === "fullwidth" ? fullwidth(number) : digits === "arabic-indic" ? arabicIndic(number) : number;
    return sprinkled(`${label}${shown}`);
  });

const digitCount = (text: string) => (text.normalize("NFKC").match(/[\d\u0660-\u0669]/g) ?? []).length;

describe("contact filter (property-based)", () => {
  it("removes every generated e-mail spelling, in the middle of prose", () => {
    fc.assert(
      fc.property(email, ({ spelled, local }) => {
        const out = redactContacts(`Reach me: ${spelled} for questions.`);
        expect(out).toContain(REDACTED);
        expect(out).not.toContain(local);
      }),
      { numRuns: 500 },
    );
  });

  it("removes every generated phone spelling: at most a stray label digit or two survive", () => {
    fc.assert(
      fc.property(phone, (spelled) => {
        const out = redactContacts(`Office hours Mondays. ${spelled}`);
        expect(out).toContain(REDACTED);
        expect(digitCount(out)).toBeLessThan(3);
      }),
      { numRuns: 500 },
    );
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
    ]) {
      expect(redactContacts(text)).toBe(text);
    }
  });
});
