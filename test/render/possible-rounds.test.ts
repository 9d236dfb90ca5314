/**
 * The possible-rounds line (render/possible-rounds.ts): every reason in plain words in both languages, the cycles
 * named one by one, nothing for a venue without possibilities, and nothing in the HTML a reader or a script could
 * take for a deadline (countdown, instant, badge, link).
 */
import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { possibleRoundsHtml, possibleRoundsText } from "../../render/possible-rounds.ts";
import type { OutlookPossibleRound } from "../../snapshot/records.ts";

const round = (over: Partial<OutlookPossibleRound>): OutlookPossibleRound => ({
  cycle_year: 2028,
  date: "2027-08-20",
  earliest: "2027-08-06",
  latest: "2027-09-03",
  confidence: 0.25,
  based_on: [2027],
  reason: "seen_once",
  ...over,
});

describe("possible rounds", () => {
  it("says nothing when there are none", () => {
    expect(possibleRoundsText([])).toBeNull();
    expect(possibleRoundsText([], "zh")).toBeNull();
    expect(possibleRoundsHtml([])).toBe("");
  });

  it("gives each round's date, window, cycle and reason in plain words", () => {
    expect(possibleRoundsText([round({})])).toBe(
      "Also possible, not announced and not a deadline: around 20 Aug 2027 (window 6 Aug 2027 – 3 Sep 2027), 2028 cycle: seen once, in the 2027 cycle.",
    );
    expect(
      possibleRoundsText([
        round({ reason: "not_in_latest_cycle", based_on: [2021, 2024], cycle_year: 2027 }),
        round({ reason: "moved", based_on: [2026], cycle_year: 2027 }),
      ]),
    ).toBe(
      "Also possible, not announced and not a deadline: " +
        "around 20 Aug 2027 (window 6 Aug 2027 – 3 Sep 2027), 2027 cycle: held in 2021, 2024 but missing from the latest cycle; " +
        "around 20 Aug 2027 (window 6 Aug 2027 – 3 Sep 2027), 2027 cycle: that cycle announced another round near it, so the venue may have moved this one there (held in 2026).",
    );
  });

  it("says the same in Chinese", () => {
    expect(
      possibleRoundsText(
        [
          round({}),
          round({ reason: "not_in_latest_cycle", based_on: [2024, 2025] }),
          round({ reason: "moved" }),
        ],
        "zh",
      ),
    ).toBe(
      "另有可能（未公布，并非截止日期）：" +
        "约 2027年8月20日（区间 2027年8月6日 至 2027年9月3日），2028 年度：仅在 2027 年度出现过一次；" +
        "约 2027年8月20日（区间 2027年8月6日 至 2027年9月3日），2028 年度：2024、2025 年曾有，最近一个年度没有；" +
        "约 2027年8月20日（区间 2027年8月6日 至 2027年9月3日），2028 年度：该年度已公布与之相近的另一轮，会议可能已将此轮移至该处（2027 年曾有）。",
    );
  });

  it("writes the HTML as one secondary line of dates, nothing in it a deadline", () => {
    const html = possibleRoundsHtml([round({}), round({ reason: "moved", date: "2026-12-22" })]);
    const { document } = parseHTML(`<div>${html}</div>`);
    const line = document.querySelector("p.note.possible#possible-rounds") as Element;
    expect(line.querySelectorAll(".possible-round")).toHaveLength(2);
    expect(line.querySelectorAll(".countdown, [data-deadline], .deadline, .badge, a")).toHaveLength(0);
    expect([...line.querySelectorAll("time")].map((t) => t.getAttribute("datetime"))).toEqual([
      "2027-08-20",
      "2027-08-06",
      "2027-09-03",
      "2026-12-22",
      "2027-08-06",
      "2027-09-03",
    ]);
    expect(line.textContent).toBe(
      possibleRoundsText([round({}), round({ reason: "moved", date: "2026-12-22" })]),
    );
  });
});
