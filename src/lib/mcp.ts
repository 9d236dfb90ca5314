/**
 * What the pages say about the MCP server at POST /mcp: its tools and prompts (from the interface spec) and
 * copy-paste client configurations, with and without an API key.
 */
import type { MessageKey } from "../../render/i18n.ts";

export const MCP_PATH = "/mcp";

export const MCP_TOOLS: readonly { name: string; twin: string; credential: boolean }[] = [
  { name: "search_conferences", twin: "GET /api/conferences", credential: false },
  { name: "search_journals", twin: "GET /api/journals", credential: false },
  { name: "list_conferences", twin: "GET /api/conferences/rankings/{ranking}", credential: false },
  { name: "list_journals", twin: "GET /api/journals/rankings/{ranking}", credential: false },
  { name: "get_statistics", twin: "GET /api/statistics", credential: false },
  { name: "get_conference", twin: "GET /api/conferences/{id}", credential: true },
  { name: "get_journal", twin: "GET /api/journals/{id}", credential: true },
  { name: "get_researcher", twin: "GET /api/researchers/{id}", credential: true },
  { name: "show_deadline_board", twin: "GET /api/deadlines (an MCP App)", credential: false },
];

/**
 * The MCP App (ui:// resource) that show_deadline_board's results are shown in by hosts that support apps
 * (functions/mcp/deadline-board/resource.ts serves it; llms.txt names it: message `llms.mcp_app`).
 */
export const MCP_APP_URI = "ui://venue-directory/deadline-board.html";

export const MCP_PROMPTS = [
  "upcoming_deadlines",
  "where_to_submit",
  "venue_snapshot",
  "open_special_issues",
] as const;

export interface ClientConfig {
  client: string;
  /** Where the snippet goes (in English); `whereKey` names the same place in the message files, for the pages. */
  where: string;
  whereKey?: MessageKey;
  language: "sh" | "json";
  anonymous: string;
  withKey: string;
}

const SERVER_NAME = "venue-directory";
const KEY_PLACEHOLDER = "YOUR_API_KEY";
const json = (value: unknown) => JSON.stringify(value, null, 2);

export function mcpClientConfigs(baseUrl: string): ClientConfig[] {
  const url = `${baseUrl}${MCP_PATH}`;
  const bearer = `Bearer ${KEY_PLACEHOLDER}`;
  return [
    {
      client: "Claude Code",
      where: "a terminal",
      whereKey: "api.where_terminal",
      language: "sh",
      anonymous: `claude mcp add --transport http ${SERVER_NAME} ${url}`,
      withKey: `claude mcp add --transport http ${SERVER_NAME} ${url} --header "Authorization: ${bearer}"`,
    },
    {
      client: "Claude Desktop",
      where: "claude_desktop_config.json (bridged with mcp-remote)",
      whereKey: "api.where_claude_desktop",
      language: "json",
      anonymous: json({ mcpServers: { [SERVER_NAME]: { command: "npx", args: ["-y", "mcp-remote", url] } } }),
      withKey: json({
        mcpServers: {
          [SERVER_NAME]: {
            command: "npx",
            // The header value comes from env: some platforms split arguments that contain spaces.
            // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote expands this placeholder, not JavaScript.
            args: ["-y", "mcp-remote", url, "--header", "Authorization:${AUTH_HEADER}"],
            env: { AUTH_HEADER: bearer },
          },
        },
      }),
    },
    {
      client: "Cursor",
      where: "~/.cursor/mcp.json or .cursor/mcp.json",
      whereKey: "api.where_cursor",
      language: "json",
      anonymous: json({ mcpServers: { [SERVER_NAME]: { url } } }),
      withKey: json({ mcpServers: { [SERVER_NAME]: { url, headers: { Authorization: bearer } } } }),
    },
    {
      client: "VS Code",
      where: ".vscode/mcp.json",
      language: "json",
      anonymous: json({ servers: { [SERVER_NAME]: { type: "http", url } } }),
      withKey: json({
        inputs: [
          {
            type: "promptString",
            id: "venue-directory-key",
            description: "Venue Directory API key",
            password: true,
          },
        ],
        servers: {
          [SERVER_NAME]: {
            type: "http",
            url,
            // biome-ignore lint/suspicious/noTemplateCurlyInString: VS Code expands this input placeholder.
            headers: { Authorization: "Bearer ${input:venue-directory-key}" },
          },
        },
      }),
    },
  ];
}
