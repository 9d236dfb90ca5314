/**
 * resources/read is metered on the URI the server serves: a venue resource spelt another way (scheme in capitals,
 * padded with whitespace, a tab or a dot segment inside, a trailing control character) is charged like its plain
 * spelling and refused with it once the quota is spent; a static resource spelt so stays free. Real HTTP.
 */
import { describe, expect, it } from "vitest";
import { fakeAccess, harnessForFile } from "../api/harness.ts";
import { postMcp, startMcpHarness } from "./client.ts";

const CONFERENCE_MD = "# ICSE 2026\n\nThe conference page as Markdown.\n";

/** Spellings of the two metered resources that the MCP server resolves to the plain URI (WHATWG URL parsing). */
const METERED: Record<string, string[]> = {
  "venue://conference/101": [
    "venue://conference/101",
    "VENUE://conference/101",
    "  venue://conference/101  ",
    "\tvenue://conf\terence/101\n",
    "Venue://conference/./101",
    "venue://conference/101\u0000",
  ],
  "venue://statistics": [
    "venue://statistics",
    " VENUE://statistics",
    "venue://statistics\u0000",
    "venue://stat\nistics",
  ],
};
/** URIs the server cannot parse or does not know (no URL parsing makes them a resource's URI). */
const UNKNOWN_URIS = ["\u00a0venue://statistics", "venue://STATISTICS", "conference/101", "venue:statistics"];
const SPELLINGS = Object.entries(METERED).flatMap(([plain, spellings]) =>
  spellings.map((uri) => ({ plain, uri })),
);
/** Spellings of a static resource: free whatever the quota. */
const FREE = ["venue://fields", "  VENUE://fields\n", "Venue://fie\tlds"];

const h = harnessForFile(() =>
  startMcpHarness({
    site: { "conference/101.md": CONFERENCE_MD },
    overrides: { access: fakeAccess(SPELLINGS.length) },
  }),
);

let nextId = 1;
async function read(uri: string) {
  const res = await postMcp(h, { jsonrpc: "2.0", id: nextId++, method: "resources/read", params: { uri } });
  return { res, remaining: Number(res.headers.get("x-quota-remaining")), body: await res.json() };
}

describe("resources/read is metered on the URI it serves", () => {
  it("charges every spelling of a venue resource once, serves it as the plain URI, then refuses it", async () => {
    let remaining = SPELLINGS.length;
    for (const { plain, uri } of SPELLINGS) {
      const answer = await read(uri);
      remaining -= 1;
      expect(answer.res.status, JSON.stringify(uri)).toBe(200);
      expect(answer.body.result.contents[0].uri, JSON.stringify(uri)).toBe(plain);
      expect(answer.remaining, JSON.stringify(uri)).toBe(remaining);
    }
    expect(remaining).toBe(0);
    for (const { uri } of SPELLINGS) {
      const refused = await read(uri);
      expect(refused.res.status, JSON.stringify(uri)).toBe(429);
      expect(refused.body).toMatchObject({ code: 429, data: null });
    }
  });

  it("serves a static resource in any spelling free, with the quota spent", async () => {
    for (const uri of FREE) {
      const answer = await read(uri);
      expect(answer.res.status, JSON.stringify(uri)).toBe(200);
      expect(answer.body.result.contents[0].uri).toBe("venue://fields");
      expect(answer.remaining).toBe(0);
    }
  });

  it("answers a URI it cannot parse or does not know with a JSON-RPC error, uncharged", async () => {
    for (const uri of UNKNOWN_URIS) {
      const answer = await read(uri);
      expect(answer.res.status, JSON.stringify(uri)).toBe(200);
      expect(answer.body.error, JSON.stringify(uri)).toMatchObject({ code: expect.any(Number) });
      expect(answer.body.result).toBeUndefined();
    }
  });
});
