/**
 * The REST operations as the API page, llms.txt and llms-full.txt describe them, read from the server's own
 * OpenAPI document (read/openapi.ts) at build time, so the pages cannot drift from the API.
 */
import { z } from "zod";
import { openApiDocument } from "../../read/openapi.ts";
import { settings } from "./settings.ts";
import { snapshot } from "./snapshot.ts";

const Schema = z.looseObject({
  type: z.string().optional(),
  enum: z.array(z.unknown()).optional(),
  default: z.unknown().optional(),
  example: z.unknown().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  format: z.string().optional(),
});

const Parameter = z.looseObject({
  name: z.string(),
  in: z.string(),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: Schema.optional(),
});

const Operation = z.looseObject({
  operationId: z.string(),
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  parameters: z.array(Parameter).optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  responses: z.record(z.string(), z.looseObject({ description: z.string().optional() })),
});

const Document = z.looseObject({
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), Operation)),
});

export interface ApiParameter {
  name: string;
  in: string;
  required: boolean;
  /** "string", "integer", "date"... with the allowed values when enumerated. */
  type: string;
  values: string[];
  default: string | null;
  description: string;
}

export type ApiAccess = "anonymous" | "credential";

export interface ApiOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  tag: string;
  access: ApiAccess;
  parameters: ApiParameter[];
  responses: { status: string; description: string }[];
  /** A request to try (absolute URL for GET, the body for POST). */
  exampleUrl: string;
  exampleBody: string | null;
}

export const OPENAPI_PATH = "/api/openapi.json";

/** Anonymous when one of the security alternatives is empty (no credential needed). */
const accessOf = (security: Record<string, string[]>[] | undefined): ApiAccess =>
  !security || security.length === 0 || security.some((s) => Object.keys(s).length === 0)
    ? "anonymous"
    : "credential";

function parameterOf(p: z.infer<typeof Parameter>): ApiParameter {
  const schema = p.schema ?? {};
  return {
    name: p.name,
    in: p.in,
    required: p.required ?? false,
    type: schema.format ?? schema.type ?? "string",
    values: (schema.enum ?? []).map(String),
    default: schema.default === undefined ? null : String(schema.default),
    description: p.description ?? "",
  };
}

/** A concrete value for a path parameter: its first allowed value, a real venue id, or its example. */
function pathValue(p: z.infer<typeof Parameter>, path: string): string {
  if (p.schema?.enum?.[0] !== undefined) return String(p.schema.enum[0]);
  const data = snapshot();
  const venue = path.startsWith("/api/conferences")
    ? data.conferences[0]
    : path.startsWith("/api/journals")
      ? data.journals[0]
      : undefined;
  if (venue) return venue.id;
  return p.schema?.example === undefined ? "1" : String(p.schema.example);
}

/** Query parameters an example URL sets: only the keyword, so the example finds something. */
const EXAMPLE_QUERY = new Set(["query"]);

function exampleUrl(path: string, parameters: z.infer<typeof Parameter>[]): string {
  let concrete = path;
  const query = new URLSearchParams();
  for (const p of parameters) {
    if (p.in === "path") concrete = concrete.replace(`{${p.name}}`, encodeURIComponent(pathValue(p, path)));
    else if (p.in === "query" && EXAMPLE_QUERY.has(p.name) && p.schema?.example !== undefined) {
      query.set(p.name, String(p.schema.example));
    }
  }
  const search = query.size > 0 ? `?${query}` : "";
  return `${settings().baseUrl}${concrete}${search}`;
}

let cached: { title: string; version: string; operations: ApiOperation[] } | undefined;

export function apiReference() {
  if (!cached) {
    const document = Document.parse(openApiDocument(settings().baseUrl));
    const operations: ApiOperation[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const parameters = op.parameters ?? [];
        operations.push({
          id: op.operationId,
          method: method.toUpperCase(),
          path,
          summary: op.summary ?? op.operationId,
          description: op.description ?? "",
          tag: op.tags?.[0] ?? "Other",
          access: accessOf(op.security),
          parameters: parameters.map(parameterOf),
          responses: Object.entries(op.responses).map(([status, r]) => ({
            status,
            description: r.description ?? "",
          })),
          exampleUrl: exampleUrl(path, parameters),
          exampleBody: method === "post" ? '{"email": "you@example.org", "password": "..."}' : null,
        });
      }
    }
    cached = { title: document.info.title, version: document.info.version, operations };
  }
  return cached;
}
