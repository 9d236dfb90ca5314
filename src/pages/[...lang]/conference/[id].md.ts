/** `/conference/<id>.md` (and `/zh/conference/<id>.md`, its words in Chinese): the Markdown rendition of the conference page. */
import type { APIRoute, GetStaticPaths } from "astro";
import { conferenceMarkdown } from "../../../lib/markdown.ts";
import { markdownResponse } from "../../../lib/responses.ts";
import { venueStaticPaths } from "../../../lib/venue-paths.ts";
import { conferenceView } from "../../../lib/venue-view.ts";

export const getStaticPaths: GetStaticPaths = () => venueStaticPaths("conference");

export const GET: APIRoute = ({ params, props }) =>
  markdownResponse(conferenceMarkdown(conferenceView(params.id as string), props.locale));
