/**
 * The iCalendar folding of render/ical-fold.ts gives the bytes of ical-generator's own foldLines (which
 * it replaces for speed) on generated text: ASCII, accented and CJK letters, emoji, long and short lines, CRLF.
 */
import fc from "fast-check";
import { foldLines as libraryFold } from "ical-generator";
import { describe, expect, it } from "vitest";
import { foldLines } from "../../render/ical-fold.ts";

const piece = fc.oneof(
  fc.string({ unit: "grapheme-ascii", maxLength: 40 }),
  fc.constantFrom("é", "ü", "ß", "深度学习", "会议", "🎓", "🇧🇷", "—", "·", "\\n", ";", ","),
);
const line = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join("").replace(/[\r\n]/g, " "));
const text = fc.array(line, { minLength: 1, maxLength: 8 }).map((lines) => lines.join("\r\n"));

describe("iCalendar line folding", () => {
  it("folds every line as ical-generator does", () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(foldLines(t)).toBe(libraryFold(t));
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps every folded line within 75 octets, the leading space included", () => {
    const long = `DESCRIPTION:${"深度学习 conference 🎓 ".repeat(40)}`;
    const folded = foldLines(long).split("\r\n");
    expect(folded.length).toBeGreaterThan(5);
    for (const l of folded) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
    expect(folded.map((l, i) => (i === 0 ? l : l.slice(1))).join("")).toBe(long);
  });
});
