/** `/sitemap.xml`: every HTML page (the venue pages with their last change date). */
import type { APIRoute } from "astro";
import { sitemapXml } from "../lib/discovery.ts";
import { textResponse } from "../lib/responses.ts";

export const GET: APIRoute = () => textResponse(sitemapXml(), "application/xml");
