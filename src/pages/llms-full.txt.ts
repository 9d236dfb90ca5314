/** `/llms-full.txt`: llms.txt plus every parameter and the authentication reference. */
import type { APIRoute } from "astro";
import { llmsText } from "../lib/discovery.ts";
import { textResponse } from "../lib/responses.ts";

export const GET: APIRoute = () => textResponse(llmsText(true), "text/plain");
