/**
 * The deadline board in a real browser (Debian's chromium through playwright-core), framed by a minimal host
 * built on the extension's own AppBridge (app-host/host.ts), whose tool calls go to the real server through the
 * SDK's MCP client: the board shows the tool's result, a filter change calls the tool again and shows the new
 * rows, at 400 and 800 px, light and dark, and the frame makes no request of its own. Screenshots go to
 * test-results/.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { CallToolRequest, CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { build } from "esbuild";
import type { Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumForFile, HAS_CHROMIUM } from "../../../helpers/chromium.ts";
import { FIXTURE_NOW } from "../../../helpers/snapshot-fixture.ts";
import { BASE_URL, harnessForFile } from "../../api/harness.ts";
import { connectMcp, type McpSession, startMcpHarness } from "../client.ts";

const SCREENSHOTS = join(import.meta.dirname, "../../../../test-results");
const BOARD_URI = "ui://venue-directory/deadline-board.html";
const TOOL = "show_deadline_board";

interface BoardRow {
  short_name: string;
  fields: string[];
  next: { date: string };
  conference: { start_date: string | null; place: string | null } | null;
}

/** The tallest a round's card may be at 400 px (the bound: 50 rows in a frame of reasonable height). */
const CARD_MAX_PX = 90;

describe.skipIf(!HAS_CHROMIUM)("the deadline board in a browser", () => {
  const h = harnessForFile(() => startMcpHarness());
  let mcp: McpSession;
  let html: string;
  let hostScript: string;

  beforeAll(async () => {
    mcp = await connectMcp(h.url);
    const { contents } = await mcp.client.readResource({ uri: BOARD_URI });
    html = (contents[0] as { text: string }).text;
    const bundle = await build({
      entryPoints: [join(import.meta.dirname, "app-host/host.ts")],
      bundle: true,
      format: "iife",
      platform: "browser",
      write: false,
      logLevel: "silent",
    });
    hostScript = bundle.outputFiles[0]?.text ?? "";
    await mkdir(SCREENSHOTS, { recursive: true });
  });

  afterAll(async () => {
    await mcp?.close();
  });

  const browser = chromiumForFile();

  const callTool = (params: CallToolRequest["params"]) =>
    mcp.client.callTool(params) as Promise<CallToolResult>;

  interface Hosted {
    page: Page;
    frame: Frame;
    /** Every tool call the board made through the host. */
    calls: CallToolRequest["params"][];
    /** Every request the page or the frame made (the host page itself is set inline, so none is expected). */
    requests: string[];
    problems: string[];
  }

  async function host(
    width: number,
    theme: "light" | "dark",
    args: Record<string, unknown>,
  ): Promise<Hosted> {
    // Tall enough for the whole board: a full-page screenshot paints a frame only within the viewport.
    const page = await browser().newPage({ viewport: { width: width + 20, height: 2400 } });
    // The browser's "now" is the server's (the fixture's day), so countdowns count to the fixture's deadlines.
    await page.clock.setFixedTime(FIXTURE_NOW);
    const hosted: Hosted = { page, frame: page.mainFrame(), calls: [], requests: [], problems: [] };
    page.on("request", (request) => hosted.requests.push(request.url()));
    page.on("pageerror", (error) => hosted.problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") hosted.problems.push(message.text());
    });
    await page.exposeFunction("callServerTool", (params: CallToolRequest["params"]) => {
      hosted.calls.push(params);
      return callTool(params);
    });
    await page.setContent("<!doctype html><html><body style='margin:10px'></body></html>");
    await page.addScriptTag({ content: hostScript });
    const toolResult = await callTool({ name: TOOL, arguments: args });
    await page.evaluate((options) => window.hostApp(options), {
      html,
      width,
      context: { theme, locale: "en-GB", timeZone: "Europe/Berlin" },
    });
    const frame = page.frames().find((f) => f !== page.mainFrame());
    if (!frame) throw new Error("the host framed nothing");
    hosted.frame = frame;
    // Playwright pins a new frame's clock a moment after its scripts start: the result waits for it.
    await expect.poll(() => frame.evaluate(() => Date.now())).toBe(FIXTURE_NOW.getTime());
    await page.evaluate(([input, result]) => window.sendTool(input, result), [args, toolResult] as const);
    return hosted;
  }

  const shownNames = (frame: Frame) => frame.locator(".row .name").allTextContents();

  async function expectRows(frame: Frame, rows: BoardRow[]) {
    await expect.poll(() => shownNames(frame)).toEqual(rows.map((row) => row.short_name));
  }

  /**
   * The cards: one per round, at most CARD_MAX_PX tall at 400 px, in the order of the date they print, each with
   * its conference's place when the row has one; red only on the countdown of a deadline under seven days.
   */
  async function expectCompactCards(frame: Frame, rows: BoardRow[], width: number) {
    const cards = await frame.locator(".row").evaluateAll((elements) =>
      elements.map((element) => {
        return {
          height: element.getBoundingClientRect().height,
          date: (element as HTMLElement).dataset.date ?? "",
          stated: element.querySelector(".stated")?.textContent ?? "",
          conf: element.querySelector(".conf")?.textContent ?? "",
          soon: element.classList.contains("soon"),
          colours: [...element.querySelectorAll("*")].map((child) => getComputedStyle(child).color),
        };
      }),
    );
    expect(cards).toHaveLength(rows.length);
    const soonRed = await frame.evaluate(() => {
      const probe = document.createElement("span");
      probe.style.color = "var(--soon)";
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
    for (const [i, card] of cards.entries()) {
      const row = rows[i] as BoardRow;
      if (width === 400) expect(card.height, row.short_name).toBeLessThanOrEqual(CARD_MAX_PX);
      expect(card.date).toBe(row.next.date);
      expect(card.stated).toContain(row.next.date);
      if (row.conference?.place) expect(card.conf).toContain(row.conference.place);
      // Red is the countdown's of an urgent round, nothing else's.
      const redCount = card.colours.filter((colour) => colour === soonRed).length;
      expect(redCount, row.short_name).toBe(card.soon ? 1 : 0);
    }
    const dates = cards.map((card) => card.date);
    expect(dates).toEqual([...dates].sort());
    // The data's age is said once for the board, never on a card.
    expect(await frame.locator(".data-age").count()).toBe(1);
    expect(await frame.locator(".row .stale").count()).toBe(0);
  }

  for (const width of [400, 800]) {
    for (const theme of ["light", "dark"] as const) {
      it(`shows the tool result and refreshes on a filter change (${width} px, ${theme})`, async () => {
        // Four rows a page, so the board pages too.
        const args = { within_days: 366, page_size: 4 };
        const { page, frame, calls, requests, problems } = await host(width, theme, args);
        const first = (await callTool({ name: TOOL, arguments: args })).structuredContent as {
          deadlines: BoardRow[];
        };
        expect(first.deadlines.length).toBeGreaterThan(0);
        await expectRows(frame, first.deadlines);
        expect(await frame.locator("html").getAttribute("data-theme")).toBe(theme);
        // Counted from the browser's clock, pinned to the fixture's day: the first deadline is still ahead.
        expect(await frame.locator(".countdown").first().textContent()).toMatch(/^in \d/);
        const background = await frame
          .locator("body")
          .evaluate((body) => getComputedStyle(body).backgroundColor);
        expect(background).toBe(theme === "dark" ? "rgb(22, 24, 28)" : "rgb(255, 255, 255)");
        // Nothing wider than the frame: readable without sideways scrolling.
        expect(await frame.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectCompactCards(frame, first.deadlines, width);
        await page.locator("iframe").screenshot({
          path: join(SCREENSHOTS, `deadline-board-${width}-${theme}.png`),
        });

        const field = first.deadlines[0]?.fields[0] ?? "";
        await frame.locator("select[name=field]").selectOption(field);
        await expect.poll(() => calls.length).toBe(1);
        expect(calls[0]).toEqual({
          name: TOOL,
          arguments: { within_days: 366, field, estimates: true, page_size: 4 },
        });
        const filtered = (await callTool(calls[0] as CallToolRequest["params"])).structuredContent as {
          deadlines: BoardRow[];
          calendar: { url: string };
        };
        expect(filtered.deadlines.every((row) => row.fields.includes(field))).toBe(true);
        await expectRows(frame, filtered.deadlines);
        expect(await frame.locator("a.calendar").getAttribute("href")).toBe(filtered.calendar.url);
        await page.locator("iframe").screenshot({
          path: join(SCREENSHOTS, `deadline-board-${width}-${theme}-${field}.png`),
        });

        expect(requests).toEqual([]);
        expect(problems).toEqual([]);
        await page.close();
      });
    }
  }

  it("pages through the host: Next calls the tool for page 2 and shows its rows", async () => {
    const args = { within_days: 366, page_size: 4 };
    const { page, frame, calls } = await host(400, "light", args);
    await expect.poll(() => frame.locator(".pages").isVisible()).toBe(true);
    await frame.getByRole("button", { name: "Next ›" }).click();
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]?.arguments).toEqual({ ...args, page: 2 });
    const second = (await callTool({ name: TOOL, arguments: { ...args, page: 2 } })).structuredContent as {
      deadlines: BoardRow[];
    };
    await expectRows(frame, second.deadlines);
    expect(await frame.locator(".pages span").textContent()).toMatch(/^Page 2 of \d+$/);
    await page.close();
  });

  it("opens a venue page and the calendar through the host, and follows the host's theme", async () => {
    const { page, frame, requests } = await host(400, "light", { within_days: 366 });
    await frame.locator(".row .name").first().click();
    await frame.locator("a.calendar").click();
    const opened = await page.evaluate(() => window.openedLinks);
    expect(opened).toHaveLength(2);
    expect(opened[0]).toMatch(new RegExp(`^${BASE_URL}/conference/\\d+$`));
    // The calendar of exactly the board's filters (the page's ranked-only default spelled out as the tool's).
    expect(opened[1]).toBe(`${BASE_URL}/deadlines.ics?within_days=366&estimates=true&ranked_only=false`);
    await page.evaluate(() => window.setHostTheme("dark"));
    await expect.poll(() => frame.locator("html").getAttribute("data-theme")).toBe("dark");
    expect(requests).toEqual([]);
    await page.close();
  });

  it("offers the calendar with reminders (none, 1, 7, 7 and 1 days before) and opens one through the host", async () => {
    const { page, frame, requests } = await host(400, "light", { within_days: 366 });
    const calendar = `${BASE_URL}/deadlines.ics?within_days=366&estimates=true&ranked_only=false`;
    const links = frame.locator(".reminders a");
    await expect.poll(() => links.count()).toBe(4);
    expect(await links.evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")]))).toEqual([
      ["none", calendar],
      ["1 day before", `${calendar}&remind=1`],
      ["7 days before", `${calendar}&remind=7`],
      ["7 and 1 days before", `${calendar}&remind=7,1`],
    ]);
    await links.last().click();
    expect(await page.evaluate(() => window.openedLinks)).toEqual([`${calendar}&remind=7,1`]);
    expect(requests).toEqual([]);
    await page.close();
  });
});
