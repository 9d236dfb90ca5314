/**
 * A minimal MCP Apps host for the browser test, built on the extension's own host side (AppBridge over
 * PostMessageTransport): it frames an app's HTML (srcdoc, sandboxed as hosts do), hands it the tool input and
 * result (sendTool), forwards the app's tool calls to the page's `callServerTool` (the test's MCP client) and records the
 * links the app asks to open.
 */
import {
  AppBridge,
  type McpUiHostContext,
  PostMessageTransport,
} from "@modelcontextprotocol/ext-apps/app-bridge";
import type { CallToolRequest, CallToolResult } from "@modelcontextprotocol/sdk/types.js";

declare global {
  interface Window {
    callServerTool(params: CallToolRequest["params"]): Promise<CallToolResult>;
    openedLinks: string[];
    hostApp(options: HostOptions): Promise<void>;
    sendTool(toolArguments: Record<string, unknown>, toolResult: CallToolResult): Promise<void>;
    setHostTheme(theme: "light" | "dark"): void;
  }
}

interface HostOptions {
  html: string;
  width: number;
  context: McpUiHostContext;
}

let bridge: AppBridge | undefined;
let hostContext: McpUiHostContext = {};

window.openedLinks = [];

/** Frames the app and waits until it has initialised. */
window.hostApp = async ({ html, width, context }) => {
  hostContext = context;
  document.documentElement.style.colorScheme = context.theme ?? "light";
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.style.cssText = `width:${width}px;height:300px;border:0;display:block`;
  frame.srcdoc = html;
  document.body.append(frame);
  const target = frame.contentWindow as Window;
  bridge = new AppBridge(
    null,
    { name: "venue-directory-test-host", version: "1.0.0" },
    { serverTools: {}, openLinks: {} },
    { hostContext: context },
  );
  bridge.oncalltool = (params) => window.callServerTool(params);
  bridge.onopenlink = async ({ url }) => {
    window.openedLinks.push(url);
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height) frame.style.height = `${height}px`;
  };
  const initialized = new Promise<void>((resolve) => {
    bridge?.addEventListener("initialized", () => resolve());
  });
  await bridge.connect(new PostMessageTransport(target, target));
  await initialized;
};

/** What a host does once the model's tool call has run: the arguments, then the result. */
window.sendTool = async (toolArguments, toolResult) => {
  await bridge?.sendToolInput({ arguments: toolArguments });
  await bridge?.sendToolResult(toolResult);
};

window.setHostTheme = (theme) => {
  document.documentElement.style.colorScheme = theme;
  hostContext = { ...hostContext, theme };
  bridge?.setHostContext(hostContext);
};
