/**
 * The JSON Schemas tools/list carries, kept small for an LLM client's context: definitions inlined, nested
 * records outlined only to a fixed object depth (deeper objects are `{type: "object"}`; the full shapes are the
 * named schemas of the OpenAPI document at /api/openapi.json), descriptions only where a model reads them first,
 * and none of zod's noise (safe-integer bounds, date regexes beside `format`, `additionalProperties`).
 */
type Json = Record<string, unknown>;

const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;
/** Keywords kept on every node as they are. */
const KEPT = [
  "enum",
  "const",
  "format",
  "default",
  "pattern",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
] as const;

/** An `anyOf` of one plain schema and null, as a type list (`enum`/`const` would exclude null, so not those). */
function collapseNullable(parts: Json[]): Json | undefined {
  if (parts.length !== 2) return undefined;
  const [value, nil] = parts[1]?.type === "null" ? parts : [parts[1], parts[0]];
  if (!value || nil?.type !== "null" || Object.keys(nil).length !== 1) return undefined;
  if (typeof value.type !== "string" || "enum" in value || "const" in value) return undefined;
  return { ...value, type: [value.type, "null"] };
}

/**
 * `root` (a draft-07 schema from z.toJSONSchema, $refs into `definitions`) outlined to `depth` levels of
 * object properties; descriptions are kept on the first `describedDepth` levels.
 */
export function outlineSchema(root: Json, depth: number, describedDepth = 2): Json {
  const definitions = (root.definitions ?? {}) as Record<string, Json>;
  const walk = (node: Json, level: number): Json => {
    if (typeof node.$ref === "string") {
      const target = definitions[node.$ref.replace("#/definitions/", "")] ?? {};
      return walk({ ...target, ...(node.description ? { description: node.description } : {}) }, level);
    }
    const out: Json = {};
    // A type beside anyOf stays: the branches of an enumerated comma list (enum, pattern) name none.
    if (node.type !== undefined) out.type = node.type;
    if (Array.isArray(node.anyOf)) {
      const parts = (node.anyOf as Json[]).map((part) => walk(part, level));
      Object.assign(out, collapseNullable(parts) ?? { anyOf: parts });
    }
    for (const key of KEPT) if (node[key] !== undefined) out[key] = node[key];
    for (const key of ["minimum", "maximum"] as const) {
      const bound = node[key];
      if (typeof bound === "number" && Math.abs(bound) !== SAFE_INTEGER) out[key] = bound;
    }
    if (typeof node.description === "string" && level < describedDepth) out.description = node.description;
    if (node.items) out.items = walk(node.items as Json, level);
    if (node.properties && level < depth) {
      const properties = node.properties as Record<string, Json>;
      out.properties = Object.fromEntries(
        Object.entries(properties).map(([k, v]) => [k, walk(v, level + 1)]),
      );
      if (Array.isArray(node.required) && node.required.length > 0) out.required = node.required;
    }
    return out;
  };
  return walk(root, 0);
}

/**
 * `root` (an outlined object schema) without the descriptions of the properties named in `names` (all when
 * absent): arguments another tool describes, or whose name, default and bounds say everything (page, per_page).
 */
export function withoutDescriptions(root: Json, names?: ReadonlySet<string>): Json {
  const properties = (root.properties ?? {}) as Record<string, Json>;
  return {
    ...root,
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, schema]) => {
        if (names && !names.has(name)) return [name, schema];
        const { description: _, ...rest } = schema;
        return [name, rest];
      }),
    ),
  };
}

/**
 * `root` as an object naming the top-level keys always present (`required`, or the schema's own), nothing else:
 * enough for a client to check an answer, at a fraction of the size (the tool descriptions name every field,
 * OpenAPI has the shapes).
 */
export function keysSchema(root: Json, required?: readonly string[]): Json {
  const own = Array.isArray(root.required) ? (root.required as string[]) : [];
  return { type: "object", required: [...(required ?? own)] };
}
