/**
 * `lang` on a conference detail (GET /api/conferences/{id}, MCP get_conference): the page links beyond
 * `detail_page` (its `calendar`) lead to the Chinese site; the data and `detail_page` stay as they are. Over a
 * real server, REST and MCP alike.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detailLinksIn } from "../../read/page-links.ts";
import { ACCOUNT, BASE_URL, type Envelope, type Harness } from "../functions/api/harness.ts";
import {
  connectMcp,
  type McpSession,
  startMcpHarness,
  toolError,
  toolPayload,
} from "../functions/mcp/client.ts";

let h: Harness;
let mcp: McpSession;
beforeAll(async () => {
  h = await startMcpHarness();
  mcp = await connectMcp(h.url, ACCOUNT);
});
afterAll(async () => {
  await mcp?.close();
  await h?.close();
});

const detail = async (query: string) => {
  const { res, body } = await h.json(`/api/conferences/101${query}`, { headers: ACCOUNT });
  expect(res.status).toBe(200);
  return body;
};

describe("lang on a conference detail", () => {
  it("zh gives the Chinese calendar and changes nothing else", async () => {
    const english = (await detail("")).data;
    const chinese = await detail("?lang=zh");
    expect(chinese.code).toBe(200);
    expect(chinese).not.toHaveProperty("ignored_parameters");
    expect(english.calendar).toBe(`${BASE_URL}/conference/101.ics`);
    expect(chinese.data.calendar).toBe(`${BASE_URL}/zh/conference/101.ics`);
    expect(chinese.data.detail_page).toBe(`${BASE_URL}/conference/101`);
    expect({ ...chinese.data, calendar: english.calendar }).toEqual(english);
    // The English answer is not changed by the Chinese one made from it (the query layer keeps one object).
    expect((await detail("")).data.calendar).toBe(`${BASE_URL}/conference/101.ics`);
  });

  it("reads a language tag by its language, any case; en and no lang are the English links", async () => {
    for (const lang of ["zh-CN", "ZH", "zh-Hans"]) {
      expect((await detail(`?lang=${lang}`)).data.calendar, lang).toBe(`${BASE_URL}/zh/conference/101.ics`);
    }
    for (const lang of ["en", "en-GB"]) {
      expect((await detail(`?lang=${lang}`)).data.calendar, lang).toBe(`${BASE_URL}/conference/101.ics`);
    }
  });

  it("goes with sections: the calendar asked for is localised, an answer without one is the same", async () => {
    const cut = (await detail("?sections=calendar&lang=zh")).data;
    expect(cut.calendar).toBe(`${BASE_URL}/zh/conference/101.ics`);
    expect(Object.keys(cut)).toContain("detail_page");
    expect((await detail("?sections=outlook&lang=zh")).data).toEqual(
      (await detail("?sections=outlook")).data,
    );
  });

  it("refuses another language by name, as every bad parameter (HTTP 200, envelope 400)", async () => {
    for (const lang of ["fr", "", "chinese"]) {
      const body = await detail(`?lang=${encodeURIComponent(lang)}`);
      expect(body.code, lang).toBe(400);
      expect(body.message, lang).toContain("lang must be en or zh");
      expect(body.data, lang).toBeNull();
    }
  });

  it("is the same on MCP: get_conference with lang gives REST's payload", async () => {
    const rest = (await detail("?lang=zh&sections=row,calendar")).data;
    const tool = toolPayload(
      await mcp.client.callTool({
        name: "get_conference",
        arguments: { id: "101", lang: "zh", sections: "row,calendar" },
      }),
    );
    expect(tool).toEqual(rest);
    const refused = toolError(
      await mcp.client.callTool({ name: "get_conference", arguments: { id: "101", lang: "de" } }),
    );
    expect(refused).toMatch(/^invalid request: .*lang must be en or zh/);
  });

  it("is a parameter of the conference detail only: elsewhere it is named as ignored", async () => {
    const { body } = await h.json<Envelope & { ignored_parameters?: unknown }>("/api/deadlines?lang=zh");
    expect(body.code).toBe(200);
    expect(body.ignored_parameters).toEqual([{ name: "lang", did_you_mean: null }]);
  });
});

describe("detailLinksIn", () => {
  it("puts /zh after a base URL with a path of its own, and leaves answers without a calendar alone", () => {
    const calendar = "https://example.org/venues/conference/7.ics";
    expect(detailLinksIn({ calendar }, "zh")).toEqual({
      calendar: "https://example.org/venues/zh/conference/7.ics",
    });
    const english = { calendar };
    expect(detailLinksIn(english, "en")).toBe(english);
    expect(detailLinksIn(english, undefined)).toBe(english);
    const journal = { id: "201", detail_page: "https://example.org/journal/201" };
    expect(detailLinksIn(journal, "zh")).toBe(journal);
  });
});
