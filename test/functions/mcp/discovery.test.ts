/**
 * What a client finds besides the tools: JSON answers for a JSON-only client, DNS-rebinding protection, the
 * server card, resources (fixed and per venue), completion, and a tools/list that fits a model's context.
 */
import { readFile } from "node:fs/promises";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pkg from "../../../package.json" with { type: "json" };
import { ALL_DEADLINES_CALENDAR, FIELD_CALENDARS, RANK_CALENDARS } from "../../../src/lib/calendar.ts";
import type { Harness } from "../api/harness.ts";
import { connectMcp, INITIALIZE, type McpSession, restData, startMcpHarness } from "./client.ts";

const CONFERENCE_MD = "# ICSE 2026\n\nThe conference page as Markdown.\n";

let h: Harness;
let mcp: McpSession;
beforeAll(async () => {
  h = await startMcpHarness({
    site: { "conference/101.md": CONFERENCE_MD },
    env: { ALLOWED_HOSTS: "venues.example" },
  });
  mcp = await connectMcp(h.url);
});
afterAll(async () => {
  await mcp.close();
  await h.close();
});

/** A request with a Host header of our choosing (fetch does not let a caller set Host). */
function rawRequest(path: string, headers: Record<string, string>, body?: unknown) {
  const { hostname, port } = new URL(h.url);
  return new Promise<{ status: number; body: string }>((resolveAnswer, reject) => {
    const req = request(
      {
        hostname,
        port,
        path,
        method: body ? "POST" : "GET",
        headers: { "content-type": "application/json", ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolveAnswer({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

/** The text of a resource's first content. */
async function readText(uri: string): Promise<string> {
  const [first] = (await mcp.client.readResource({ uri })).contents;
  return first && "text" in first ? first.text : "";
}

const post = (headers: Record<string, string>, body: unknown = INITIALIZE) =>
  h.get("/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("content negotiation", () => {
  it("answers the curl quickstart's call (Content-Type only, no Accept) with JSON-RPC", async () => {
    const res = await post({});
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect((await res.json()).result.serverInfo.name).toBe(pkg.name);
  });

  it("answers Accept: application/json alone with JSON", async () => {
    const res = await post({ accept: "application/json" }, { jsonrpc: "2.0", id: 2, method: "ping" });
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
  });

  it("answers Accept: text/event-stream alone with the answer as one SSE event", async () => {
    const res = await post({ accept: "text/event-stream" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const text = await res.text();
    const events = text.split("\n\n").filter(Boolean);
    expect(events).toHaveLength(1);
    const [kind, data] = (events[0] ?? "").split("\n");
    expect(kind).toBe("event: message");
    expect(JSON.parse(data?.replace(/^data: /, "") ?? "").result.serverInfo.name).toBe(pkg.name);
  });

  it("answers a notification sent with Accept: text/event-stream with 202 and no stream", async () => {
    const res = await post(
      { accept: "text/event-stream" },
      { jsonrpc: "2.0", method: "notifications/initialized" },
    );
    expect(res.status).toBe(202);
    expect(await res.text()).toBe("");
  });

  it("never streams: a client accepting both gets JSON too", async () => {
    const res = await post({ accept: "application/json, text/event-stream" });
    expect(res.headers.get("content-type")).toContain("application/json");
  });

  it("refuses an Accept that names neither JSON nor the event stream", async () => {
    expect((await post({ accept: "text/html" })).status).toBe(406);
    expect((await post({ accept: "text/plain" })).status).toBe(406);
  });
});

describe("DNS-rebinding protection", () => {
  it.each([
    ["/mcp", { host: "evil.example.com" }],
    ["/mcp", { host: "127.0.0.1", origin: "http://evil.example.com" }],
    ["/mcp", { host: "evil.example.com", origin: "http://evil.example.com" }],
    ["/api/statistics", { host: "evil.example.com:4321" }],
  ])("%s with %j → 403", async (path, headers) => {
    const res = await rawRequest(path, headers, path === "/mcp" ? INITIALIZE : undefined);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).message).toMatch(/not allowed/);
  });

  it.each<Record<string, string>>([
    { host: "localhost" },
    { host: "[::1]:4321" },
    { host: "venues.test", origin: "https://venues.test" },
    { host: "venues.example:8443", origin: "https://venues.example" },
  ])("allows %j (public host, loopback, ALLOWED_HOSTS)", async (headers) => {
    expect((await rawRequest("/api/statistics", headers)).status).toBe(200);
  });

  it("checks no Origin on the API (open CORS): a foreign page reads it", async () => {
    const res = await rawRequest("/api/statistics", {
      host: "localhost",
      origin: "https://evil.example.com",
    });
    expect(res.status).toBe(200);
  });

  it("leaves the site alone", async () => {
    expect((await rawRequest("/conference/101.md", { host: "evil.example.com" })).status).toBe(200);
  });
});

describe("server card", () => {
  it("is served at /.well-known/mcp/server-card.json and names what the server offers", async () => {
    const res = await h.get("/.well-known/mcp/server-card.json");
    expect(res.status).toBe(200);
    const card = await res.json();
    expect(card).toMatchObject({ name: pkg.name, version: pkg.version });
    expect(card.remotes).toEqual([
      expect.objectContaining({ type: "streamable-http", url: "https://venues.test/mcp" }),
    ]);
    const { tools } = await mcp.client.listTools();
    expect(card.tools).toEqual(tools.map((t) => t.name));
    const { prompts } = await mcp.client.listPrompts();
    expect(card.prompts).toEqual(prompts.map((p) => p.name));
    const { resources } = await mcp.client.listResources();
    expect(card.resources).toEqual(resources.map((r) => r.uri));
  });
});

describe("resources", () => {
  it("lists the fixed resources and the venue templates", async () => {
    const { resources } = await mcp.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      "venue://statistics",
      "venue://fields",
      "venue://feeds",
      "venue://terms",
      "ui://venue-directory/deadline-board.html",
    ]);
    const { resourceTemplates } = await mcp.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      "venue://conference/{id}",
      "venue://journal/{id}",
    ]);
    for (const t of resourceTemplates) expect(t.mimeType).toBe("text/markdown");
  });

  it("statistics is the REST payload", async () => {
    expect(JSON.parse(await readText("venue://statistics"))).toEqual(await restData(h, "/api/statistics"));
  });

  it("the field list names all 27 values; the terms say how to cite", async () => {
    const fields = await readText("venue://fields");
    for (const field of ["ai", "math", "management", "ml", "is"])
      expect(fields).toContain(`| \`${field}\` |`);
    const terms = await readText("venue://terms");
    expect(terms).toContain("Cite as: Venue Directory, https://venues.test");
  });

  it("the feed list gives the absolute address of every calendar the site builds, and the per-venue ones", async () => {
    const feeds = await readText("venue://feeds");
    const listed = new Set(feeds.match(/https:\/\/venues\.test\/\S+/g));
    const built = [ALL_DEADLINES_CALENDAR, ...FIELD_CALENDARS, ...RANK_CALENDARS].map((c) => c.path);
    expect(built.length).toBe(1 + 27 + 17);
    for (const path of built) expect(listed, path).toContain(`https://venues.test${path}`);
    expect(listed).toContain("https://venues.test/feeds/deadlines.xml");
    expect(listed).toContain("https://venues.test/conference/{id}.ics");
    expect(listed).toContain("https://venues.test/calendar/watch.ics?ids={id},{id}");
    expect(feeds).toContain("- CCF A: https://venues.test/feeds/ranks/ccf-a.ics");
    expect(feeds).toContain("- security (");
  });

  it("a venue reads as the site's Markdown rendition; an unknown one is not found", async () => {
    const { contents } = await mcp.client.readResource({ uri: "venue://conference/101" });
    expect(contents).toEqual([
      { uri: "venue://conference/101", mimeType: "text/markdown", text: CONFERENCE_MD },
    ]);
    await expect(mcp.client.readResource({ uri: "venue://journal/999999" })).rejects.toMatchObject({
      code: -32002,
    });
  });
});

describe("completion", () => {
  const complete = async (
    ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string },
    name: string,
    value: string,
    context?: Record<string, string>,
  ) =>
    (
      await mcp.client.complete({
        ref,
        argument: { name, value },
        ...(context && { context: { arguments: context } }),
      })
    ).completion.values;
  const prompt = (name: string) => ({ type: "ref/prompt" as const, name });

  it("completes fields, systems and the chosen system's tiers", async () => {
    expect(await complete(prompt("upcoming_deadlines"), "field", "m")).toEqual([
      "ml",
      "multimedia",
      "materials",
      "management",
      "math",
    ]);
    expect(await complete(prompt("upcoming_deadlines"), "system", "")).toEqual(["ccf", "core", "qualis"]);
    expect(await complete(prompt("upcoming_deadlines"), "tier", "A", { system: "core" })).toEqual([
      "A*",
      "A",
    ]);
    expect(await complete(prompt("open_special_issues"), "ccf_rank", "")).toEqual(["A", "B", "C"]);
  });

  it("completes venue acronyms and template ids from the name search", async () => {
    const conferences = (await restData(h, "/api/conferences?query=ic&per_page=10")).conferences as {
      id: string;
      short_name: string;
    }[];
    expect(conferences.length).toBeGreaterThan(0);
    const names = await complete(prompt("venue_snapshot"), "venue", "ic", { kind: "conference" });
    expect(names).toEqual([...new Set(conferences.map((c) => c.short_name))]);
    const ids = await complete({ type: "ref/resource", uri: "venue://conference/{id}" }, "id", "ic");
    expect(ids).toEqual(conferences.map((c) => c.id));
  });

  it("an unknown reference gets an empty list, not an error", async () => {
    expect(await complete(prompt("no_such_prompt"), "arg", "x")).toEqual([]);
  });
});

describe("tools/list size", () => {
  it("stays under 15 KB (issue 30)", async () => {
    const res = await post({ accept: "application/json" }, { jsonrpc: "2.0", id: 9, method: "tools/list" });
    const text = await res.text();
    expect(JSON.parse(text).result.tools).toHaveLength(10);
    expect(text.length).toBeLessThan(15_000);
  });
});

describe("registry entry", () => {
  it("server.json names this package's version and the card's remote transport", async () => {
    const entry = JSON.parse(await readFile(new URL("../../../server.json", import.meta.url), "utf8"));
    expect(entry.version).toBe(pkg.version);
    expect(entry.description.length).toBeLessThanOrEqual(100);
    const card = await (await h.get("/.well-known/mcp/server-card.json")).json();
    expect(entry.remotes.map((r: { type: string }) => r.type)).toEqual(
      card.remotes.map((r: { type: string }) => r.type),
    );
    expect(entry.remotes[0].url).toBe("{base_url}/mcp");
  });
});
