/** `/zh/llms.txt`: llms.txt with its human text in Simplified Chinese; addresses and names as in /llms.txt. */
import type { APIRoute } from "astro";
import { llmsText } from "../../lib/discovery.ts";
import { textResponse } from "../../lib/responses.ts";

export const GET: APIRoute = () => textResponse(llmsText(false, "zh"), "text/plain");
