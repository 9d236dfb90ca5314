/**
 * MCP resources: every venue as a template (venue://conference/{id}, venue://journal/{id}) whose content is the
 * Markdown rendition the site publishes for it (/conference/<id>.md, one renderer for both), and fixed resources
 * a client can pin: the statistics payload (as GET /api/statistics), the research-field list, the calendar and
 * feed addresses, and the terms with how to cite.
 */
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import type { ReadOperations } from "../../read/operations.ts";
import type { VenueKind } from "../../read/query/activity.ts";
import { RESEARCH_FIELD_NAMES, RESEARCH_FIELDS } from "../../snapshot/records.ts";
import { feedList } from "./feeds.ts";
import { termsOfUse } from "./instructions.ts";

/** The site's Markdown rendition of a venue; null when there is none (unknown id, or no site on this server). */
export type VenueMarkdown = (kind: VenueKind, id: string) => Promise<string | null>;

/** MCP's "resource not found" code (not one of JSON-RPC's). */
const RESOURCE_NOT_FOUND = -32002;

const MARKDOWN = "text/markdown";

export const VENUE_TEMPLATES: Record<VenueKind, string> = {
  conference: "venue://conference/{id}",
  journal: "venue://journal/{id}",
};

function fieldList(): string {
  const rows = RESEARCH_FIELDS.map((field) => `| \`${field}\` | ${RESEARCH_FIELD_NAMES[field]} |`);
  return [
    "# Research fields",
    "",
    "The values of the `field` argument (search and list tools, prompts). The first 14 and ee, energy, materials, civil, education, management, math are the reference service's 21; ml, architecture, pl, ir, multimedia and is are finer computing areas.",
    "",
    "| value | area |",
    "|---|---|",
    ...rows,
  ].join("\n");
}

function termsAndCitation(publicBaseUrl: string): string {
  return [
    "# Terms and how to cite",
    "",
    termsOfUse(publicBaseUrl),
    "",
    `Cite as: Venue Directory, ${publicBaseUrl} (data of the snapshot date shown by venue://statistics).`,
    `Per venue: link its detail_page, e.g. ${publicBaseUrl}/conference/101.`,
    "",
    "Figures taken from a source keep that source's terms: each venue page credits its sources. Acceptance rows whose source is openaccept come from OpenAccept under CC BY-SA 4.0: credit OpenAccept and share alike when you republish them.",
  ].join("\n");
}

export interface ResourceContext {
  ops: ReadOperations;
  publicBaseUrl: string;
  venueMarkdown: VenueMarkdown;
}

export function registerResources(server: McpServer, { ops, publicBaseUrl, venueMarkdown }: ResourceContext) {
  const text = (uri: URL, mimeType: string, body: string) => ({
    contents: [{ uri: uri.href, mimeType, text: body }],
  });

  server.registerResource(
    "statistics",
    "venue://statistics",
    {
      title: "Dataset statistics",
      description: "Totals and distributions of the whole dataset, the same payload as GET /api/statistics.",
      mimeType: "application/json",
    },
    async (uri) => {
      const outcome = await ops.statistics();
      if (!outcome.ok) throw new McpError(RESOURCE_NOT_FOUND, outcome.message);
      return text(uri, "application/json", JSON.stringify(outcome.data));
    },
  );
  server.registerResource(
    "research-fields",
    "venue://fields",
    {
      title: "Research fields",
      description: `The ${RESEARCH_FIELDS.length} values of the field argument and what each covers.`,
      mimeType: MARKDOWN,
    },
    (uri) => text(uri, MARKDOWN, fieldList()),
  );
  server.registerResource(
    "feeds",
    "venue://feeds",
    {
      title: "Calendar and feed addresses",
      description:
        "Every iCalendar and RSS address to subscribe to: all deadlines, per research field, per rank tier, per conference, several conferences in one.",
      mimeType: MARKDOWN,
    },
    (uri) => text(uri, MARKDOWN, feedList(publicBaseUrl)),
  );
  server.registerResource(
    "terms",
    "venue://terms",
    {
      title: "Terms and how to cite",
      description: "Terms of use, attribution and how to cite the directory and its sources.",
      mimeType: MARKDOWN,
    },
    (uri) => text(uri, MARKDOWN, termsAndCitation(publicBaseUrl)),
  );

  for (const kind of ["conference", "journal"] as const) {
    server.registerResource(
      kind,
      // No list callback: thousands of venues; ids come from the tools or from completion/complete.
      new ResourceTemplate(VENUE_TEMPLATES[kind], { list: undefined }),
      {
        title: kind === "conference" ? "Conference page" : "Journal page",
        description: `One ${kind} as Markdown (the site's /${kind}/<id>.md): ranks, deadlines, history, metrics, sources. The id is the decimal id of a search or list row.`,
        mimeType: MARKDOWN,
      },
      async (uri, { id }) => {
        const venueId = String(id);
        const markdown = /^\d{1,15}$/.test(venueId) ? await venueMarkdown(kind, venueId) : null;
        if (markdown === null) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri.href}`);
        return text(uri, MARKDOWN, markdown);
      },
    );
  }
}
