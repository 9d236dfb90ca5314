/** `/conference/<id>.md` (and `/zh/conference/<id>.md`, its words in Chinese): the Markdown rendition of the conference page. */
import type { APIRoute, GetStaticPaths } from "astro";
import { localePaths } from "../../../lib/locale.ts";
import { conferenceMarkdown } from "../../../lib/markdown.ts";
import { markdownResponse } from "../../../lib/responses.ts";
import { snapshot } from "../../../lib/snapshot.ts";
import { conferenceView } from "../../../lib/venue-view.ts";

export const getStaticPaths: GetStaticPaths = () =>
  localePaths().flatMap(({ params, props }) =>
    snapshot().conferences.map((row) => ({ params: { ...params, id: row.id }, props })),
  );

export const GET: APIRoute = ({ params, props }) =>
  markdownResponse(conferenceMarkdown(conferenceView(params.id as string), props.locale));
