/** `/feeds/deadlines.xml`: RSS 2.0 of the deadlines due in the next 30 days. */
import type { APIRoute } from "astro";
import { textResponse } from "../../lib/responses.ts";
import { rssText } from "../../lib/rss.ts";

export const GET: APIRoute = async () => textResponse(await rssText(), "application/rss+xml");
