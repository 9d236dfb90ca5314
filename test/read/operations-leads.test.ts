/**
 * Refusals of the detail operations lead on, over REST and MCP alike (one message, read/operations.ts): an
 * anonymous call names the free record of that venue (page, Markdown, MCP resource) and where a key comes from;
 * text where an id belongs points to the search with that text. Codes and the error shape stay the spec's.
 */
import { describe, expect, it } from "vitest";
import { ACCOUNT, BASE_URL } from "../functions/api/harness.ts";
import { mcpSessionsForFile, toolError } from "../functions/mcp/client.ts";

const opened = mcpSessionsForFile({ anonymous: {}, account: ACCOUNT });

const KEY_PAGE = `${BASE_URL}/account/api-keys`;

async function rest(path: string, headers: Record<string, string> = {}) {
  const { res, body } = await opened().h.json(path, { headers });
  expect(Object.keys(body).sort()).toEqual(["code", "data", "message", "request_id"]);
  expect(body.data).toBeNull();
  return { status: res.status, code: body.code as number, message: body.message as string };
}

async function mcpError(session: "anonymous" | "account", name: string, args: Record<string, unknown>) {
  return toolError(await opened().sessions[session].client.callTool({ name, arguments: args }));
}

describe("an anonymous detail call names the free record and the key page", () => {
  it.each([
    ["conference", "101"],
    ["journal", "201"],
  ] as const)("%s %s", async (kind, id) => {
    const refused = await rest(`/api/${kind}s/${id}`);
    expect(refused).toMatchObject({ status: 401, code: 401 });
    expect(refused.message).toContain("this endpoint needs a credential");
    expect(refused.message).toContain(KEY_PAGE);
    expect(refused.message).toContain(`${BASE_URL}/${kind}/${id}.md`);
    expect(refused.message).toContain(`venue://${kind}/${id}`);
    // The MCP tool refuses with the same message, and the resource it names answers without a key.
    expect(await mcpError("anonymous", `get_${kind}`, { id })).toBe(refused.message);
  });

  it("a number id from MCP is named as its digits", async () => {
    expect(await mcpError("anonymous", "get_conference", { id: 101 })).toContain("venue://conference/101");
  });

  it("an anonymous call with a name where the id goes: the key page and the search", async () => {
    const refused = await rest("/api/conferences/CVPR");
    expect(refused).toMatchObject({ status: 401, code: 401 });
    expect(refused.message).toContain(KEY_PAGE);
    expect(refused.message).toContain('search_conferences with {"query":"CVPR"}');
    expect(refused.message).toContain("GET /api/conferences?query=CVPR");
    expect(refused.message).not.toContain("venue://");
  });

  it("a researcher has no free record: the key page only", async () => {
    const refused = await rest("/api/researchers/r1");
    expect(refused).toMatchObject({ status: 401, code: 401 });
    expect(refused.message).toContain(KEY_PAGE);
    expect(refused.message).not.toContain("venue://");
  });
});

describe("a name where the id goes suggests the search with that text", () => {
  it("REST: 404 pointing to the search endpoint", async () => {
    const refused = await rest("/api/conferences/usenix%20security", ACCOUNT);
    expect(refused).toMatchObject({ status: 404, code: 404 });
    expect(refused.message).toBe(
      'no conference with id "usenix security": ids are decimal strings such as "101"; to find a conference by name, call search_conferences with {"query":"usenix security"} (REST: GET /api/conferences?query=usenix%20security)',
    );
  });

  it("MCP: get_conference {id: CVPR} leads to search_conferences, whose arguments run as written", async () => {
    const message = await mcpError("account", "get_conference", { id: "CVPR" });
    expect(message).toContain('search_conferences with {"query":"CVPR"}');
    const journal = await mcpError("account", "get_journal", { id: "TOSEM" });
    expect(journal).toContain('search_journals with {"query":"TOSEM"}');
  });

  it("an unknown numeric id stays a plain 404", async () => {
    const refused = await rest("/api/conferences/999999", ACCOUNT);
    expect(refused).toEqual({ status: 404, code: 404, message: 'no conference with id "999999"' });
  });
});
