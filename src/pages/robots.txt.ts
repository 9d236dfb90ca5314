/** `/robots.txt`. */
import type { APIRoute } from "astro";
import { robotsText } from "../lib/discovery.ts";
import { textResponse } from "../lib/responses.ts";

export const GET: APIRoute = () => textResponse(robotsText(), "text/plain");
