/** Debian's chromium through playwright-core, headless and quiet, for the tests that need a real browser. */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { forFile } from "./for-file.ts";

export const CHROMIUM = "/usr/bin/chromium";
export const HAS_CHROMIUM = existsSync(CHROMIUM);

/** A headless Chromium with no background traffic; `args` adds flags (e.g. host-resolver rules). */
export function launchChromium(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      ...args,
    ],
  });
}

/** A headless Chromium for the tests of the file or describe block this is called in; call the result for it. */
export function chromiumForFile(args: readonly string[] = []): () => Browser {
  return forFile(
    () => launchChromium(args),
    (browser) => browser.close(),
  );
}
