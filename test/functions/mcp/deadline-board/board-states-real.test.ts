/**
 * The deadline board's cards on the snapshot built from the real upstream data: every round the board gets from
 * the real server (show_deadline_board, every page) rendered by the board's own code (app/rows.ts, in linkedom's
 * DOM), and no card's state contradicts the deadline it shows — a venue whose earlier estimate passed unannounced
 * shows its next estimate as estimated, never as "passed, unconfirmed" or "closed" beside a date ahead — and the
 * cards come by the date they print.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { parseHTML } from "linkedom";
import { beforeAll, expect, it } from "vitest";
import { renderRows } from "../../../../functions/mcp/deadline-board/app/rows.ts";
import type { BoardData } from "../../../../functions/mcp/deadline-board/board-data.ts";
import { realServiceForSuite } from "../../../helpers/real-server.ts";
import { describeOnRealUpstream, realSnapshotForSuite } from "../../../helpers/upstream-builds.ts";

describeOnRealUpstream("the deadline board on the real snapshot", () => {
  const real = realSnapshotForSuite("venue-board-states-");
  const service = realServiceForSuite(() => real().snapshotsDir);
  const pages: BoardData[] = [];

  beforeAll(async () => {
    for (let page = 1; ; page++) {
      const result = (await service().mcp.client.callTool({
        name: "show_deadline_board",
        arguments: { estimates: true, within_days: 366, per_page: 100, page },
      })) as CallToolResult;
      expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
      const data = result.structuredContent as unknown as BoardData;
      pages.push(data);
      if (page >= data.pagination.total_pages) break;
    }
  });

  /** Each page's cards as the board renders them: the state badge and the date each card prints. */
  const cards = () => {
    const { document } = parseHTML("<!doctype html><ul id='rows'></ul>");
    Object.assign(globalThis, { document });
    const viewer = { locale: "en-GB", timeZone: "UTC", now: Date.now() };
    return pages.flatMap((data) => {
      const list = document.getElementById("rows") as unknown as HTMLElement;
      renderRows(list, data, viewer);
      return [...list.querySelectorAll("li.row")].map((li, i) => ({
        venue: li.querySelector(".name")?.textContent ?? "",
        venueState: data.deadlines[i]?.outlook_state,
        badge: li.querySelector(".state")?.textContent ?? null,
        date: li.getAttribute("data-date") ?? "",
      }));
    });
  };

  it("shows no card whose state contradicts the deadline ahead it prints", () => {
    const shown = cards();
    expect(shown.length).toBe(pages[0]?.pagination.total);
    // The class this guards: venues whose earlier estimate passed unannounced have rounds on the board.
    expect(shown.filter((c) => c.venueState === "passed_unconfirmed").length).toBeGreaterThan(0);
    const contradicting = shown.filter((c) => c.badge !== null && /passed|closed/.test(c.badge));
    expect(contradicting.map((c) => `${c.venue} ${c.date}: ${c.badge}`)).toEqual([]);
  });

  it("lists the cards by the date each prints, over every page", () => {
    const dates = cards().map((c) => c.date);
    const backwards = dates.flatMap((d, i) =>
      i > 0 && d < (dates[i - 1] as string) ? [`${i}: ${dates[i - 1]} > ${d}`] : [],
    );
    expect(backwards).toEqual([]);
  });
});
