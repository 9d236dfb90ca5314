/**
 * MCP argument names the edge's metering (edge/mcp-metering.ts) and the MCP server's completion (mcp/completion.ts)
 * must agree on: a completion of these runs the venue name search, so it is metered like a search.
 */

/** Prompt arguments whose completion runs the venue name search. */
export const VENUE_ARGUMENT = "venue";
/** The templates' argument completed with venue ids, by the same search. */
export const TEMPLATE_ID = "id";
