/** `/llms.txt` (llmstxt.org): what the service is and where everything is. */
import type { APIRoute } from "astro";
import { llmsText } from "../lib/discovery.ts";
import { textResponse } from "../lib/responses.ts";

export const GET: APIRoute = () => textResponse(llmsText(false), "text/plain");
