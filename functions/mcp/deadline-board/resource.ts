/**
 * The board's ui:// resource, registered with the extension's registerAppResource (MIME type
 * text/html;profile=mcp-app). Reading it is free (only tools/call is metered) and it holds no data, so a host may
 * fetch it once and keep it: the HTML changes only with the code.
 */
import { RESOURCE_MIME_TYPE, registerAppResource } from "@modelcontextprotocol/ext-apps/server";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { deadlineBoardHtml } from "./html.ts";

export const DEADLINE_BOARD_URI = "ui://venue-directory/deadline-board.html";

/** The frame needs no origin at all: no fetch, no image or font from anywhere (the host's strictest policy). */
const UI_META = { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } };

export function registerDeadlineBoard(server: McpServer): void {
  registerAppResource(
    server,
    "deadline-board",
    DEADLINE_BOARD_URI,
    {
      title: "Deadline board",
      description:
        "The interactive board of upcoming submission deadlines that show_deadline_board's results are shown in (an MCP App: one self-contained HTML file).",
      _meta: UI_META,
    },
    async (uri) => ({
      contents: [
        { uri: uri.href, mimeType: RESOURCE_MIME_TYPE, text: await deadlineBoardHtml(), _meta: UI_META },
      ],
    }),
  );
}
