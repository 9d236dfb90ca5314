/** `/journal/<id>.md`: the Markdown rendition of the journal page. */
import type { APIRoute, GetStaticPaths } from "astro";
import { journalMarkdown } from "../../lib/markdown.ts";
import { markdownResponse } from "../../lib/responses.ts";
import { snapshot } from "../../lib/snapshot.ts";
import { journalView } from "../../lib/venue-view.ts";

export const getStaticPaths: GetStaticPaths = () =>
  snapshot().journals.map((row) => ({ params: { id: row.id } }));

export const GET: APIRoute = ({ params }) =>
  markdownResponse(journalMarkdown(journalView(params.id as string)));
