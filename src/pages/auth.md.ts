/** `/auth.md`: credentials, quotas, error codes and paid access, from docs/auth.md. */
import type { APIRoute } from "astro";
import { authMarkdown } from "../lib/discovery.ts";
import { markdownResponse } from "../lib/responses.ts";

export const GET: APIRoute = () => markdownResponse(authMarkdown());
