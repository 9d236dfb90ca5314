/** `/.well-known/api-catalog` (RFC 9727); the server sends it as application/linkset+json. */
import type { APIRoute } from "astro";
import { apiCatalog } from "../../lib/discovery.ts";
import { textResponse } from "../../lib/responses.ts";

export const GET: APIRoute = () =>
  textResponse(`${JSON.stringify(apiCatalog(), null, 2)}\n`, "application/linkset+json");
