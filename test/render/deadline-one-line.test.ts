/**
 * What keeps a deadline readable on a phone, in the markup itself: an instant published in UTC printed once (not
 * "22:59:59 UTC · 22:59 UTC"), every date in a `<time>` (which the stylesheet keeps on one line), and a rank line
 * that wraps only between ranks. The browser side is test/src/browser-layout.test.ts.
 */
import { describe, expect, it } from "vitest";
import { deadlineHtml, deadlineText } from "../../render/deadline.ts";
import { dateHtml, isUtcZone } from "../../render/html.ts";
import { rankLineHtml } from "../../render/rank-line.ts";
import { outlookDeadline } from "../helpers/rows.ts";

const IN_UTC = outlookDeadline({
  date: "2026-12-08",
  time: "22:59:59",
  timezone: "UTC",
  timezone_assumed: false,
  closes_at: "2026-12-08T22:59:59Z",
});
const IN_AOE = outlookDeadline({
  date: "2026-12-08",
  time: "23:59:00",
  timezone: "AoE",
  timezone_assumed: false,
  closes_at: "2026-12-09T11:59:00Z",
});

const text = (html: string) => html.replace(/<[^>]*>/g, "");

describe("a deadline on one line", () => {
  it("prints an instant published in UTC once, in a <time> of that instant", () => {
    const html = deadlineHtml(IN_UTC);
    expect(text(html).match(/UTC/g)).toHaveLength(1);
    expect(html).toContain(
      '<time class="published" datetime="2026-12-08T22:59:59Z">2026-12-08 22:59:59 UTC</time>',
    );
    expect(deadlineText(IN_UTC)).not.toContain(" = ");
    expect(deadlineText(IN_UTC, null, "zh").match(/UTC/g)).toHaveLength(1);
  });

  it("still gives an instant published in another zone its UTC time beside it", () => {
    const html = deadlineHtml(IN_AOE);
    expect(text(html)).toContain("2026-12-08 23:59 AoE · 2026-12-09 11:59 UTC");
    expect(deadlineText(IN_AOE)).toContain("2026-12-08 23:59 AoE = 2026-12-09 11:59 UTC");
  });

  it("knows the zones whose time is UTC's", () => {
    for (const zone of ["UTC", "utc", "GMT", "UTC+0", "UTC+00:00", "UTC-0"])
      expect(isUtcZone(zone)).toBe(true);
    for (const zone of ["AoE", "UTC-8", "UTC+1", "PT", "Europe/London", null])
      expect(isUtcZone(zone)).toBe(false);
  });

  it("writes every date as a <time>, in either language", () => {
    expect(dateHtml("2027-02-03")).toBe('<time datetime="2027-02-03">3 Feb 2027</time>');
    expect(dateHtml("2027-02-03", "zh")).toBe('<time datetime="2027-02-03">2027年2月3日</time>');
    expect(dateHtml(null)).toBe("—");
  });

  it("keeps each rank of the rank line whole", () => {
    const html = rankLineHtml({ ccf_rank: "A", core_rank: "A*", qualis_rank: "A1" });
    expect(html).toBe(
      '<span class="rank-line"><span class="rank">CCF A</span> · <span class="rank">CORE A*</span> · <span class="rank">QUALIS A1</span></span>',
    );
  });
});
