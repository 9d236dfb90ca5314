/**
 * The one normalisation of a resources/read URI. The MCP SDK resolves a URI through WHATWG URL parsing (scheme in
 * lower case, surrounding whitespace and control characters dropped, tabs and newlines inside removed, dot
 * segments resolved), so `VENUE://conference/1` or a padded URI reads the venue. The metering step rewrites the
 * message to this form before it decides what to charge and hands that message to the handler: what is metered is
 * what is served.
 */

/** The URI as the MCP server resolves it; the raw value when it is no URL (the server refuses it as sent). */
function servedResourceUri(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  try {
    return new URL(raw).href;
  } catch {
    return raw;
  }
}

/** One JSON-RPC message with a resources/read URI in its served form; anything else as it is. */
function normaliseOne(message: unknown): unknown {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return message;
  const { method, params } = message as { method?: unknown; params?: unknown };
  if (method !== "resources/read" || typeof params !== "object" || params === null || !("uri" in params)) {
    return message;
  }
  return { ...message, params: { ...params, uri: servedResourceUri(params.uri) } };
}

/** A message (or batch) with every resources/read URI in the form the server serves. */
export function withServedResourceUris(message: unknown): unknown {
  return Array.isArray(message) ? message.map(normaliseOne) : normaliseOne(message);
}
