/**
 * GET /.well-known/mcp/server-card.json: what the MCP server is and where it listens, readable before connecting
 * (MCP Server Cards, SEP-1649/SEP-2127, still a draft: the card carries the draft's identity and `remotes`
 * fields and the earlier `serverInfo` / `transport` / `capabilities` ones). Tools, prompts and resources are
 * listed by name; their schemas stay in tools/list.
 */
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { DEADLINE_BOARD_URI } from "./deadline-board/resource.ts";
import { serverInfo } from "./instructions.ts";
import { VENUE_TEMPLATES } from "./resources.ts";
import { TOOL_NAMES } from "./tools.ts";

export const SERVER_CARD_PATH = "/.well-known/mcp/server-card.json";

const PROMPT_NAMES = ["upcoming_deadlines", "where_to_submit", "venue_snapshot", "open_special_issues"];
const FIXED_RESOURCES = [
  "venue://statistics",
  "venue://fields",
  "venue://feeds",
  "venue://terms",
  DEADLINE_BOARD_URI,
];

export function serverCard(publicBaseUrl: string) {
  const info = serverInfo(publicBaseUrl);
  const endpoint = `${publicBaseUrl}/mcp`;
  return {
    name: info.name,
    title: info.title,
    version: info.version,
    description: info.description,
    websiteUrl: info.websiteUrl,
    remotes: [
      { type: "streamable-http", url: endpoint, supportedProtocolVersions: SUPPORTED_PROTOCOL_VERSIONS },
    ],
    serverInfo: { name: info.name, title: info.title, version: info.version },
    protocolVersion: LATEST_PROTOCOL_VERSION,
    transport: { type: "streamable-http", endpoint: "/mcp" },
    capabilities: { tools: {}, prompts: {}, resources: {}, completions: {} },
    authentication: {
      required: false,
      schemes: ["bearer"],
      description:
        "Search, lists and statistics need no credential; the detail tools take Authorization: Bearer <API key or JWT>.",
    },
    tools: TOOL_NAMES,
    prompts: PROMPT_NAMES,
    resources: FIXED_RESOURCES,
    resourceTemplates: Object.values(VENUE_TEMPLATES),
    documentation: `${publicBaseUrl}/llms.txt`,
  };
}

/** The card as a response: public, cacheable, readable cross-origin (it is discovery metadata). */
export function serverCardResponse(publicBaseUrl: string): Response {
  return new Response(JSON.stringify(serverCard(publicBaseUrl)), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "public, max-age=3600",
      "access-control-allow-origin": "*",
    },
  });
}
