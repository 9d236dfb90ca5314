/**
 * The message files are complete: every key in both languages, the same placeholders on both sides, no empty
 * message, no key the code never names (keys are written out whole in the code, so a search finds each use).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatDate } from "../../render/html.ts";
import { LOCALES, localeOfPath, localePath, MESSAGES, t, tHtml, unlocalizedPath } from "../../render/i18n.ts";

const ROOT = join(import.meta.dirname, "../..");
/** Where messages are used: the kit, the site, the server pages. */
const CODE_DIRS = ["render", "src", "functions"];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|astro)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("message files", () => {
  const keys = Object.keys(MESSAGES.en);

  it("hold the same keys in every language, none empty, with the same placeholders", () => {
    for (const locale of LOCALES) {
      expect(Object.keys(MESSAGES[locale]).sort(), locale).toEqual([...keys].sort());
      for (const key of keys) {
        const message = MESSAGES[locale][key as keyof typeof MESSAGES.en];
        expect(message.trim(), `${locale} ${key}`).not.toBe("");
        expect(placeholders(message), `${locale} ${key}`).toEqual(
          placeholders(MESSAGES.en[key as keyof typeof MESSAGES.en]),
        );
      }
    }
  });

  it("name no key the code never uses", () => {
    const code = CODE_DIRS.flatMap(sourceFiles)
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    const unused = keys.filter((key) => !code.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });

  it("translate Chinese interface words (not a copy of the English file)", () => {
    const same = keys.filter(
      (key) => MESSAGES.zh[key as keyof typeof MESSAGES.en] === MESSAGES.en[key as keyof typeof MESSAGES.en],
    );
    // Only names that are the same in both: acronyms and brand names.
    expect(same.sort()).toEqual(["col.ccf", "col.issn", "nav.api"]);
  });
});

describe("t and the language of an address", () => {
  it("fills placeholders, numbers grouped, and keeps HTML out of the words", () => {
    expect(t("en", "list.counts", { total: 1234, announced: 34, estimated: 1200 })).toBe(
      "1,234 deadlines: 34 announced, 1,200 estimated",
    );
    expect(t("zh", "state.passed_unconfirmed")).toBe("已过（未确认）");
    expect(tHtml("en", "reuse.note", { markdown: "<a>Markdown</a>" })).toBe(
      "Reuse: free with attribution — name Venue Directory and link this page. Also as <a>Markdown</a>.",
    );
    expect(tHtml("zh", "age.notice", { where: "<b>", span: "x", max: "30" })).not.toContain("{");
  });

  it("puts Chinese under /zh/ and leaves English addresses as they are", () => {
    expect(localePath("en", "/deadlines?ccf_rank=A")).toBe("/deadlines?ccf_rank=A");
    expect(localePath("zh", "/deadlines?ccf_rank=A")).toBe("/zh/deadlines?ccf_rank=A");
    expect(localePath("zh", "/")).toBe("/zh");
    expect(localeOfPath("/zh/conference/1")).toBe("zh");
    expect(localeOfPath("/zhx")).toBe("en");
    expect(unlocalizedPath("/zh")).toBe("/");
    expect(unlocalizedPath("/zh/watchlist")).toBe("/watchlist");
  });

  it("writes dates through Intl in zh-CN and keeps the English style", () => {
    expect(formatDate("2026-08-03", "zh")).toBe("2026年8月3日");
    expect(formatDate("2026-08-03")).toBe("3 Aug 2026");
  });
});
