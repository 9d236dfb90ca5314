/**
 * What a reader of a page would see go wrong on a small or large screen, measured in the browser: elements that
 * reach past the viewport, table cells hidden (off-screen, clipped by a scroll box, or not displayed), dates and
 * times broken across lines, and axe-core's serious and critical findings. For the layout tests of test/src/ (and
 * the account pages' browser tests, for axe-core's findings).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";

const AXE_SOURCE = readFileSync(join(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"), "utf8");

export interface LayoutProblems {
  /** Elements whose right edge is past the viewport's (a page wider than the screen). */
  wide: string[];
  /** Table cells not fully shown: off to the right, clipped by a scrolling box, or not displayed. */
  hiddenCells: string[];
  /** Date, time and countdown elements laid out on more than one line. */
  brokenDates: string[];
}

/**
 * Runs in the page (a string, so nothing of the test's compiled code is needed there). A closed `<details>` hides
 * its table on purpose; a card table's head row is replaced by each cell's label.
 */
const PROBE = `(() => {
  const width = document.documentElement.clientWidth;
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
    (typeof e.className === "string" && e.className ? "." + e.className.trim().split(/\\s+/).join(".") : "") +
    ' "' + (e.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 50) + '"';
  const clipRight = (e) => {
    let right = width;
    for (let p = e.parentElement; p; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== "visible") right = Math.min(right, p.getBoundingClientRect().right);
    }
    return right;
  };
  const wide = [...document.body.querySelectorAll("*")].filter((e) => shown(e) && e.getBoundingClientRect().right > width + 1);
  const hiddenCells = [...document.querySelectorAll("main td, main th")].filter((cell) => {
    if (cell.closest("details:not([open])")) return false;
    if (cell.tagName === "TH" && cell.closest("thead") && getComputedStyle(cell.closest("thead")).display === "none") return false;
    if (!shown(cell)) return (cell.textContent || "").trim() !== "";
    return cell.getBoundingClientRect().right > clipRight(cell) + 1;
  });
  const brokenDates = [...document.querySelectorAll("time, .countdown, .local-time")].filter((e) => e.getClientRects().length > 1);
  return { wide: wide.map(name), hiddenCells: hiddenCells.map(name), brokenDates: brokenDates.map(name) };
})()`;

export const layoutProblems = (page: Page): Promise<LayoutProblems> => page.evaluate(PROBE);

const AXE_RUN = `axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations
  .filter((v) => v.impact === "serious" || v.impact === "critical")
  .map((v) => v.id + " ×" + v.nodes.length + ": " + v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")))`;

/**
 * axe-core's serious and critical findings on the page as it is now. axe needs timers, which a page without
 * JavaScript lacks: then its DOM, scripts removed, is checked in a page of `withScripts` (a context with JavaScript,
 * the same viewport and locale) at the same address, so styles load alike.
 */
export async function seriousAxeFindings(page: Page, withScripts?: BrowserContext): Promise<string[]> {
  if (!withScripts) {
    await page.evaluate(AXE_SOURCE);
    return page.evaluate(AXE_RUN);
  }
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  const copy = await withScripts.newPage();
  try {
    const address = page.url();
    await copy.route(
      (url) => url.href === address,
      (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }),
    );
    await copy.goto(address);
    await copy.evaluate(AXE_SOURCE);
    return await copy.evaluate(AXE_RUN);
  } finally {
    await copy.close();
  }
}
