/**
 * A payload's JSON, made once per payload object and shared by every surface that sends it (REST envelopes, MCP
 * results): the query layer's caches hand one payload object, never changed, to every request that asks for it.
 */
const made = new WeakMap<object, string>();

export function payloadJson(data: unknown): string {
  if (typeof data !== "object" || data === null) return JSON.stringify(data) ?? "null";
  let json = made.get(data);
  if (json === undefined) {
    json = JSON.stringify(data);
    made.set(data, json);
  }
  return json;
}
