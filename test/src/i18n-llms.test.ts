/**
 * /zh/llms.txt: llms.txt's human text in Simplified Chinese, over the fixture build served by the real server.
 * Its machine-readable parts (addresses, parameter and tool names, code) are those of /llms.txt, none of the
 * English file's interface sentences is left in it, and the Chinese pages link it where the English ones link
 * theirs.
 */
import { describe, expect, it } from "vitest";
import { servedSiteForFile } from "./build-site.ts";
import { BASE_URL, fixtureSnapshot } from "./fixture.ts";

const served = servedSiteForFile("llms-zh", fixtureSnapshot());

const get = async (path: string) => {
  const res = await fetch(`${served().server.url}${path}`);
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
};

/** Names kept as they are in Chinese too (the brand, products, standards, llmstxt.org's own heading). */
const NAMES = [
  "Venue Directory",
  "CCF / CORE (ICORE) / QUALIS",
  "SCImago Journal & Country Rank",
  "Streamable HTTP",
  "REST API",
  "MCP Apps",
  "MCP App",
  "Claude Code",
  "Claude Desktop",
  "VS Code",
  "OpenAPI 3",
  "RFC 9727",
  "## Optional",
];

/** The text a reader reads: without code, addresses, names of parameters, tools and files, and the names above. */
function humanText(text: string): string {
  let human = text
    .replace(/^```[\s\S]*?^```$/gm, " ")
    .replace(/`[^`]*`/g, " ")
    .replace(/https?:\/\/[^\s)（），、；：]+/g, " ");
  for (const name of NAMES) human = human.replaceAll(name, " ");
  return (
    human
      // Operations ("GET /api/…") and their parameter lists.
      .replace(/\[(?:GET|POST) [^\]]*\]/g, " ")
      .replace(/(?:parameters: |参数：)[^\n]*/g, " ")
      // Identifiers and paths: snake_case, kebab-case, file names, /paths, <placeholders>.
      .replace(/\S*[_/.<>{}*-]\S*/g, " ")
  );
}

/** Runs of three or more English words: the sentences and phrases of the interface. */
const englishPhrases = (text: string) =>
  humanText(text).match(/[A-Za-z][A-Za-z'-]*(?:[ ,;:()]+[A-Za-z][A-Za-z'-]*){2,}/g) ?? [];

/** Every absolute address in the file, in order (a trailing sentence mark is not part of it). */
const addresses = (text: string) =>
  (text.match(/https?:\/\/[^\s)（），、；：`"]+/g) ?? []).map((url) => url.replace(/[.,:;]+$/, ""));

const codeBlocks = (text: string) => text.match(/^```[\s\S]*?^```$/gm) ?? [];

describe("/zh/llms.txt", () => {
  it("is served as UTF-8 text, in Chinese, with no English interface phrase", async () => {
    const zh = await get("/zh/llms.txt");
    expect(zh.status).toBe(200);
    expect(zh.type).toBe("text/plain; charset=utf-8");
    expect(zh.text.startsWith("# Venue Directory\n\n> 开放的学术会议与期刊目录")).toBe(true);
    for (const heading of ["## REST API", "## MCP 服务器", "## 订阅", "## 数据快照", "## Optional"]) {
      expect(zh.text).toContain(`\n${heading}\n`);
    }
    expect(englishPhrases(zh.text)).toEqual([]);

    const en = await get("/llms.txt");
    expect(en.status).toBe(200);
    // The detector finds the English file's sentences (so the check above can fail) ...
    const phrases = englishPhrases(en.text);
    expect(phrases.length).toBeGreaterThan(30);
    expect(phrases).toContain("With an API key (sent as");
    // ... and none of them, nor any operation's OpenAPI summary, is in the Chinese one.
    for (const phrase of phrases) expect(zh.text, phrase).not.toContain(phrase);
    const openapi = (await (await fetch(`${served().server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { summary: string }>>;
    };
    const summaries = Object.values(openapi.paths).flatMap((ops) =>
      Object.values(ops).map((op) => op.summary),
    );
    expect(summaries.length).toBeGreaterThanOrEqual(10);
    for (const summary of summaries) {
      // The English file gives OpenAPI's own words for each operation; the Chinese one translates every one.
      expect(en.text).toContain(`: ${summary}; `);
      expect(zh.text).not.toContain(summary);
    }
  });

  it("has the same addresses, code and names as /llms.txt", async () => {
    const [en, zh] = await Promise.all([get("/llms.txt"), get("/zh/llms.txt")]);
    const enAddresses = addresses(en.text);
    expect(enAddresses.length).toBeGreaterThan(30);
    expect(addresses(zh.text)).toEqual(enAddresses);
    for (const url of enAddresses) expect(url.startsWith(`${BASE_URL}/`), url).toBe(true);
    // Markdown links: the same targets in the same order.
    const targets = (text: string) => [...text.matchAll(/\]\((https?:[^)\s]+)\)/g)].map((m) => m[1]);
    expect(targets(zh.text)).toEqual(targets(en.text));
    // Client configurations, identical.
    expect(codeBlocks(zh.text)).toEqual(codeBlocks(en.text));
    expect(codeBlocks(en.text).length).toBeGreaterThanOrEqual(8);
    // Each file names the other.
    for (const text of [en.text, zh.text]) {
      expect(text).toContain(`${BASE_URL}/llms.txt`);
      expect(text).toContain(`${BASE_URL}/zh/llms.txt`);
    }
    // Parameter, tool and prompt names as the API spells them.
    for (const name of [
      "submission_date_start",
      "get_conference",
      "show_deadline_board",
      "where_to_submit",
    ]) {
      expect(zh.text).toContain(name);
    }
  });

  it("is what the Chinese pages link, where the English pages link /llms.txt", async () => {
    for (const path of ["/zh", "/zh/deadlines?ccf_rank=A", "/zh/conference/101"]) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.text, path).toContain('href="/zh/llms.txt"');
      expect(page.text, path).not.toContain('href="/llms.txt"');
    }
    for (const path of ["/", "/deadlines?ccf_rank=A", "/conference/101"]) {
      const page = await get(path);
      expect(page.text, path).toContain('href="/llms.txt"');
      expect(page.text, path).not.toContain('href="/zh/llms.txt"');
    }
  });
});
