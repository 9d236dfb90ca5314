/** `/journal/<id>.md` (and `/zh/journal/<id>.md`, its words in Chinese): the Markdown rendition of the journal page. */
import type { APIRoute, GetStaticPaths } from "astro";
import { localePaths } from "../../../lib/locale.ts";
import { journalMarkdown } from "../../../lib/markdown.ts";
import { markdownResponse } from "../../../lib/responses.ts";
import { snapshot } from "../../../lib/snapshot.ts";
import { journalView } from "../../../lib/venue-view.ts";

export const getStaticPaths: GetStaticPaths = () =>
  localePaths().flatMap(({ params, props }) =>
    snapshot().journals.map((row) => ({ params: { ...params, id: row.id }, props })),
  );

export const GET: APIRoute = ({ params, props }) =>
  markdownResponse(journalMarkdown(journalView(params.id as string), props.locale));
