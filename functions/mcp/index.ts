/** The MCP endpoint: the factory for the server's `mcp` slot, and the edge metering it relies on. */

export { mcpMetering } from "../edge/mcp-metering.ts";
export { createMcpHandler, type McpDeps, type McpFactory } from "./handler.ts";
