/** `/journal/<id>.md` (and `/zh/journal/<id>.md`, its words in Chinese): the Markdown rendition of the journal page. */
import type { APIRoute, GetStaticPaths } from "astro";
import { journalMarkdown } from "../../../lib/markdown.ts";
import { markdownResponse } from "../../../lib/responses.ts";
import { venueStaticPaths } from "../../../lib/venue-paths.ts";
import { journalView } from "../../../lib/venue-view.ts";

export const getStaticPaths: GetStaticPaths = () => venueStaticPaths("journal");

export const GET: APIRoute = ({ params, props }) =>
  markdownResponse(journalMarkdown(journalView(params.id as string), props.locale));
