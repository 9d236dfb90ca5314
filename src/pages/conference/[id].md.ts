/** `/conference/<id>.md`: the Markdown rendition of the conference page. */
import type { APIRoute, GetStaticPaths } from "astro";
import { conferenceMarkdown } from "../../lib/markdown.ts";
import { markdownResponse } from "../../lib/responses.ts";
import { snapshot } from "../../lib/snapshot.ts";
import { conferenceView } from "../../lib/venue-view.ts";

export const getStaticPaths: GetStaticPaths = () =>
  snapshot().conferences.map((row) => ({ params: { id: row.id } }));

export const GET: APIRoute = ({ params }) =>
  markdownResponse(conferenceMarkdown(conferenceView(params.id as string)));
