/**
 * The frame's side of the MCP Apps protocol: JSON-RPC 2.0 over postMessage with the host window.
 *
 * Not the extension's `App` class: it validates every message with zod through the SDK's Protocol, and zod alone
 * makes a bundle of 264 KB minified (English locale only), over the board's 150 KB budget. The board needs six
 * messages of the protocol; their names and shapes are the extension's own types, so a change there fails the
 * typecheck, and the browser test runs this channel against the extension's AppBridge host.
 */
import type {
  McpUiHostContext,
  McpUiHostContextChangedNotification,
  McpUiInitializedNotification,
  McpUiInitializeRequest,
  McpUiInitializeResult,
  McpUiOpenLinkRequest,
  McpUiResourceTeardownRequest,
  McpUiSizeChangedNotification,
  McpUiToolInputNotification,
  McpUiToolResultNotification,
} from "@modelcontextprotocol/ext-apps";
import type { CallToolRequest, CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** The protocol revision this frame speaks (the extension's LATEST_PROTOCOL_VERSION when it was written). */
const PROTOCOL_VERSION: McpUiInitializeRequest["params"]["protocolVersion"] = "2026-01-26";

interface Message {
  jsonrpc: "2.0";
  id?: number | string;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

export interface HostEvents {
  toolInput(args: Record<string, unknown>): void;
  toolResult(result: CallToolResult): void;
  hostContext(context: McpUiHostContext): void;
}

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

export class HostChannel {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly host: Window;

  constructor(private readonly events: HostEvents) {
    this.host = window.parent;
    window.addEventListener("message", (event) => {
      // Only the embedding host speaks to the board.
      if (event.source !== this.host) return;
      const message = event.data as Message;
      if (message?.jsonrpc === "2.0") this.receive(message);
    });
  }

  /** ui/initialize, then ui/notifications/initialized; answers the host's context (theme, locale...). */
  async connect(appInfo: { name: string; version: string }): Promise<McpUiHostContext> {
    const params: McpUiInitializeRequest["params"] = {
      appInfo,
      appCapabilities: {},
      protocolVersion: PROTOCOL_VERSION,
    };
    const result = (await this.request("ui/initialize" satisfies McpUiInitializeRequest["method"], params)) as
      | McpUiInitializeResult
      | undefined;
    this.notify("ui/notifications/initialized" satisfies McpUiInitializedNotification["method"], {});
    return result?.hostContext ?? {};
  }

  /** A tool of this MCP server, called through the host (which meters and authenticates it). */
  async callTool(params: CallToolRequest["params"]): Promise<CallToolResult> {
    return (await this.request("tools/call" satisfies CallToolRequest["method"], params)) as CallToolResult;
  }

  /** Asks the host to open an address (a sandboxed frame cannot navigate the page itself). */
  async openLink(url: string): Promise<void> {
    const params: McpUiOpenLinkRequest["params"] = { url };
    await this.request("ui/open-link" satisfies McpUiOpenLinkRequest["method"], params);
  }

  /** Tells the host how tall the board is, so the frame grows with its rows. */
  reportSize(params: McpUiSizeChangedNotification["params"]): void {
    this.notify("ui/notifications/size-changed" satisfies McpUiSizeChangedNotification["method"], params);
  }

  private post(message: Message): void {
    // The host's origin is unknown to a srcdoc or sandboxed frame; replies are checked by source instead.
    this.host.postMessage(message, "*");
  }

  private notify(method: string, params: unknown): void {
    this.post({ jsonrpc: "2.0", method, params });
  }

  private request(method: string, params: unknown): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ jsonrpc: "2.0", id, method, params });
    });
  }

  private receive(message: Message): void {
    if (message.method === undefined) {
      const waiting = typeof message.id === "number" ? this.pending.get(message.id) : undefined;
      if (!waiting) return;
      this.pending.delete(message.id as number);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
      return;
    }
    if (message.id !== undefined) {
      // Requests from the host: ping and teardown need only an empty answer; others are not offered.
      const known =
        message.method === "ping" ||
        message.method === ("ui/resource-teardown" satisfies McpUiResourceTeardownRequest["method"]);
      this.post(
        known
          ? { jsonrpc: "2.0", id: message.id, result: {} }
          : {
              jsonrpc: "2.0",
              id: message.id,
              error: { code: -32601, message: `${message.method} not supported` },
            },
      );
      return;
    }
    this.dispatch(message.method, message.params);
  }

  private dispatch(method: string, params: unknown): void {
    if (method === ("ui/notifications/tool-input" satisfies McpUiToolInputNotification["method"])) {
      this.events.toolInput((params as McpUiToolInputNotification["params"]).arguments ?? {});
    } else if (method === ("ui/notifications/tool-result" satisfies McpUiToolResultNotification["method"])) {
      this.events.toolResult(params as CallToolResult);
    } else if (
      method ===
      ("ui/notifications/host-context-changed" satisfies McpUiHostContextChangedNotification["method"])
    ) {
      this.events.hostContext(params as McpUiHostContext);
    }
  }
}
