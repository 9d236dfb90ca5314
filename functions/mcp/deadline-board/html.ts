/**
 * The board as one self-contained HTML file, built from app/ by esbuild the first time a process needs it: the
 * script and the style inlined, the filter choices put in from the project's lists, and a Content Security
 * Policy that admits exactly that script and that style by hash and nothing else (no fetch, no image, font or
 * frame from anywhere). It holds no data, so it is the same for every caller until the code changes.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { build, transform } from "esbuild";
import { boardOptions } from "./board-options.ts";

const APP_DIR = join(import.meta.dirname, "app");

/** The budget for the whole file. */
const BOARD_HTML_MAX_BYTES = 150 * 1024;

const hashSource = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

async function script(): Promise<string> {
  const result = await build({
    entryPoints: [join(APP_DIR, "main.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    write: false,
    legalComments: "none",
    logLevel: "silent",
    define: { BOARD_OPTIONS: JSON.stringify(boardOptions()) },
  });
  return result.outputFiles[0]?.text.trim() ?? "";
}

async function style(): Promise<string> {
  const css = await readFile(join(APP_DIR, "board.css"), "utf8");
  return (await transform(css, { loader: "css", minify: true, logLevel: "silent" })).code.trim();
}

/** Inline text must not close its own element early. */
function inlinable(text: string, element: "script" | "style"): string {
  if (text.toLowerCase().includes(`</${element}`))
    throw new Error(`the board's ${element} contains </${element}`);
  return text;
}

async function buildBoardHtml(): Promise<string> {
  const [js, css] = await Promise.all([script(), style()]);
  const policy = [
    "default-src 'none'",
    `script-src ${hashSource(js)}`,
    `style-src ${hashSource(css)}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  const html = [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${policy}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>Submission deadlines · Venue Directory</title>",
    `<style>${inlinable(css, "style")}</style>`,
    "</head>",
    // The script builds the page into <body>, so it runs after <body> exists.
    `<body><script>${inlinable(js, "script")}</script></body>`,
    "</html>",
  ].join("\n");
  const bytes = Buffer.byteLength(html);
  if (bytes > BOARD_HTML_MAX_BYTES)
    throw new Error(`the board is ${bytes} bytes, over ${BOARD_HTML_MAX_BYTES}`);
  return html;
}

let built: Promise<string> | undefined;

/** The board's HTML, built once per process. */
export function deadlineBoardHtml(): Promise<string> {
  built ??= buildBoardHtml();
  return built;
}
