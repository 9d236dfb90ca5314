/**
 * Files for machines: llms.txt / llms-full.txt (llmstxt.org), the RFC 9727 API catalog, robots.txt, the
 * sitemap and /auth.md (rendered from docs/auth.md, which the authentication module's author maintains).
 */

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { LANGUAGE_TAG, LOCALES, localePath } from "../../render/i18n.ts";
import { RESEARCH_FIELDS } from "../../snapshot/records.ts";
import { type ApiOperation, apiReference, OPENAPI_PATH } from "./api-reference.ts";
import { ALL_DEADLINES_CALENDAR, FIELD_CALENDARS, RANK_CALENDARS } from "./calendar.ts";
import { MCP_APP_NOTE, MCP_PATH, MCP_PROMPTS, MCP_TOOLS, mcpClientConfigs } from "./mcp.ts";
import { absoluteUrl, snapshotFilePath, venuePath } from "./paths.ts";
import { rankingLists } from "./rankings.ts";
import { RSS_PATH, RSS_WINDOW_DAYS } from "./rss.ts";
import { settings } from "./settings.ts";
import { snapshot } from "./snapshot.ts";

export const API_DOCS_PATH = "/api-docs";
export const STATUS_PATH = "/api/statistics";
export const AUTH_DOC = "docs/auth.md";

const link = (title: string, path: string, note?: string) =>
  `- [${title}](${absoluteUrl(path)})${note ? `: ${note}` : ""}`;

/** A section of llms.txt: its heading, a blank line, then its lines. */
const section = (heading: string, lines: string[]) => [`## ${heading}`, "", ...lines].join("\n");

function operationLine(op: ApiOperation): string {
  const params = op.parameters.filter((p) => p.in !== "path").map((p) => p.name);
  const access = op.access === "anonymous" ? "no credential" : "credential required";
  const url = op.method === "GET" ? op.exampleUrl : absoluteUrl(op.path);
  return `- [${op.method} ${op.path}](${url}): ${op.summary}; ${access}${params.length > 0 ? `; parameters: ${params.join(", ")}` : ""}`;
}

function operationDetail(op: ApiOperation): string {
  const rows = op.parameters.map((p) => {
    const extra = [
      p.values.length > 0 ? `one of ${p.values.join(", ")}` : null,
      p.default !== null ? `default ${p.default}` : null,
      p.required ? "required" : null,
    ].filter(Boolean);
    return `- \`${p.name}\` (${p.in}, ${p.type}${extra.length > 0 ? `; ${extra.join("; ")}` : ""}): ${p.description}`;
  });
  const example = op.exampleBody
    ? `curl -X ${op.method} ${op.exampleUrl} -H 'Content-Type: application/json' -d '${op.exampleBody}'`
    : `curl '${op.exampleUrl}'`;
  return [
    `### ${op.method} ${op.path}`,
    "",
    `${op.summary}. ${op.description}`.trim(),
    "",
    `Credential: ${op.access === "anonymous" ? "none needed" : "required (Authorization: Bearer <API key or JWT>)"}.`,
    ...(rows.length > 0 ? ["", ...rows] : []),
    "",
    "```sh",
    example,
    "```",
    "",
    `Responses: ${op.responses.map((r) => `${r.status} (${r.description})`).join("; ")}`,
  ].join("\n");
}

function mcpSection(): string {
  const configs = mcpClientConfigs(settings().baseUrl).flatMap((c) => [
    `### ${c.client}`,
    "",
    `In ${c.where}, without a key:`,
    "",
    `\`\`\`${c.language}`,
    c.anonymous,
    "```",
    "",
    "With an API key (sent as `Authorization: Bearer <key>`):",
    "",
    `\`\`\`${c.language}`,
    c.withKey,
    "```",
    "",
  ]);
  return section("MCP server", [
    `- ${absoluteUrl(MCP_PATH)}: POST, Streamable HTTP. Tools: ${MCP_TOOLS.map((t) => `${t.name}${t.credential ? " (credential)" : ""}`).join(", ")}. Prompts: ${MCP_PROMPTS.join(", ")}.`,
    `- ${MCP_APP_NOTE}`,
    "",
    ...configs,
  ]);
}

function feedsSection(): string {
  return section("Feeds", [
    link(
      "RSS of upcoming submission deadlines",
      RSS_PATH,
      `submission deadlines due in the next ${RSS_WINDOW_DAYS} days, ranks in the titles, estimates marked`,
    ),
    link(
      "iCalendar of all upcoming submission deadlines",
      ALL_DEADLINES_CALENDAR.path,
      "one event per submission deadline, instants in UTC, estimates TENTATIVE with their window",
    ),
    link(
      "Upcoming deadlines by filter",
      "/deadlines",
      "ccf_rank / core_rank / qualis_rank / field (comma-separated), within_days, estimates, ranked_only; the same query gives /deadlines.ics and /deadlines.xml",
    ),
    `- Per research field: ${absoluteUrl("/feeds/fields/")}<field>.ics, e.g. ${absoluteUrl(FIELD_CALENDARS[0]?.path ?? "")}`,
    `- Per rank tier: ${absoluteUrl("/feeds/ranks/")}<tier>.ics with tier one of ${RANK_CALENDARS.map((c) => c.slug).join(", ")}`,
    link("All feeds with webcal:// subscribe links", "/feeds"),
  ]);
}

function snapshotSection(full: boolean): string {
  const { manifest } = snapshot();
  const files = full
    ? manifest.files.map((f) =>
        link(f.name, snapshotFilePath(f.name), `${f.bytes} bytes, sha256 ${f.sha256}`),
      )
    : [];
  return section("Data snapshot", [
    link(
      "Download page",
      "/download",
      "daily JSON, CSV and Parquet files with sizes, checksums, terms and source licences",
    ),
    link(
      "manifest.json",
      snapshotFilePath("manifest.json"),
      "files, checksums, counts, sources and licences",
    ),
    ...files,
  ]);
}

function intro(): string {
  const { manifest, conferences, journals } = snapshot();
  const conference = conferences[0];
  const journal = journals[0];
  const examples = [
    conference ? `e.g. ${absoluteUrl(venuePath("conference", conference.id))}` : null,
    journal ? absoluteUrl(venuePath("journal", journal.id)) : null,
  ].filter(Boolean);
  return [
    "# Venue Directory",
    "",
    "> Open directory of academic conferences and journals: calls for papers with exact deadlines across time zones, conference dates and places, CCF / CORE (ICORE) / QUALIS ranks side by side, acceptance-rate and edition history, journal metrics (SCImago Journal & Country Rank), ISSNs and special issues. One dataset served as a read-only REST API, an MCP server, static pages with Markdown renditions, RSS and iCalendar feeds, and a daily bulk snapshot.",
    "",
    `Snapshot ${manifest.version}: ${manifest.counts.conferences} conferences, ${manifest.counts.journals} journals, ${manifest.counts.special_issues} special issues.`,
    "",
    `Every venue has a canonical page, /conference/<id> or /journal/<id> (${examples.join(", ")}). Append \`.md\` for a compact Markdown rendition, or request the page with \`Accept: text/markdown\` (without text/html).`,
    "",
    "Terms: free use, commercial use included, with attribution: name Venue Directory and link the venue's page (`detail_page`). Crawl lists at most one request per second; for bulk use the daily snapshot. Free responses never contain a venue's own website.",
  ].join("\n");
}

function apiSection(): string {
  const { operations } = apiReference();
  return section("REST API", [
    ...operations.map(operationLine),
    link("OpenAPI 3 schema", OPENAPI_PATH),
    link("API reference", API_DOCS_PATH),
    link(
      "Authentication, quotas and error codes",
      "/auth.md",
      "API keys and JWTs as `Authorization: Bearer <credential>`, daily quotas, 401/402/403/429, paid access via `X-Paid-Access`",
    ),
    link("API catalog (RFC 9727)", "/.well-known/api-catalog"),
  ]);
}

function referenceSection(): string {
  const { operations } = apiReference();
  return section("Reference", [
    `Research fields (parameter \`field\`): ${RESEARCH_FIELDS.join(", ")}.`,
    "",
    "Every JSON response is an envelope {code, message, data, request_id}; validation errors and unknown rankings are HTTP 200 with envelope code 400. Every response carries X-Quota-Limit and X-Quota-Remaining.",
    "",
    ...operations.map(operationDetail).flatMap((text) => [text, ""]),
    "## Authentication (auth.md)",
    "",
    demoteHeadings(authMarkdown(), 2),
  ]);
}

function optionalSection(): string {
  return section("Optional", [
    link(
      "Ranking lists",
      "/rankings",
      rankingLists()
        .map((l) => l.slug)
        .join(", "),
    ),
    link("Statistics", "/statistics"),
    link("Live statistics (JSON)", STATUS_PATH),
    link("Sitemap", "/sitemap.xml"),
  ]);
}

/** llms.txt (`full` false) or llms-full.txt (`full` true: adds every parameter and the auth reference). */
export function llmsText(full: boolean): string {
  const sections = [intro(), apiSection(), mcpSection(), feedsSection(), snapshotSection(full)];
  if (full) sections.push(referenceSection());
  sections.push(optionalSection());
  return `${sections.join("\n\n").replace(/\n{3,}/g, "\n\n")}\n`;
}

/** Nests a Markdown document under another's headings: `#` becomes `###` (by `levels`), code fences untouched. */
export function demoteHeadings(markdown: string, levels: number): string {
  let fenced = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (/^(```|~~~)/.test(line)) fenced = !fenced;
      return !fenced && /^#{1,6} /.test(line) ? `${"#".repeat(levels)}${line}` : line;
    })
    .join("\n");
}

/** docs/auth.md, read from the project root (the build runs there). */
export function authMarkdown(): string {
  const path = resolve(process.cwd(), AUTH_DOC);
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(`cannot read ${path} for /auth.md: ${(error as Error).message}`);
  }
}

/** RFC 9727 linkset: the API, its OpenAPI description, its documentation and its status resource. */
export function apiCatalog(): unknown {
  return {
    linkset: [
      {
        anchor: absoluteUrl("/api"),
        "service-desc": [
          { href: absoluteUrl(OPENAPI_PATH), type: "application/vnd.oai.openapi+json;version=3.0" },
        ],
        "service-doc": [{ href: absoluteUrl(API_DOCS_PATH), type: "text/html" }],
        status: [{ href: absoluteUrl(STATUS_PATH), type: "application/json" }],
      },
    ],
  };
}

export function robotsText(): string {
  return [
    "User-agent: *",
    "Allow: /",
    `Disallow: ${MCP_PATH}`,
    "# Terms: at most one request per second; use the daily snapshot (/download) for bulk data.",
    "Crawl-delay: 1",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    "",
  ].join("\n");
}

const xmlEscape = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** The HTML pages that are not venue pages. */
export const staticPagePaths = () => [
  "/",
  "/rankings",
  ...rankingLists().map((l) => `/rankings/${l.slug}`),
  "/statistics",
  "/feeds",
  API_DOCS_PATH,
  "/download",
];

/**
 * Every page in each language (`hreflang` alternates after each address, as the pages' heads give them: en,
 * zh-CN and x-default = English).
 */
function localeAlternates(path: string): string {
  const link = (hreflang: string, href: string) =>
    `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlEscape(absoluteUrl(href))}"/>`;
  return [...LOCALES.map((l) => link(LANGUAGE_TAG[l], localePath(l, path))), link("x-default", path)].join(
    "",
  );
}

/** Every HTML page in both languages, venue pages with their last change date. */
export function sitemapXml(): string {
  const { conferences, journals } = snapshot();
  const entries = [
    ...staticPagePaths().map((path) => ({ path, lastmod: null as string | null })),
    ...conferences.map((c) => ({ path: venuePath("conference", c.id), lastmod: c.updated_at })),
    ...journals.map((j) => ({ path: venuePath("journal", j.id), lastmod: j.updated_at })),
  ];
  const urls = entries.flatMap((e) => {
    const alternates = localeAlternates(e.path);
    return LOCALES.map(
      (l) =>
        `<url><loc>${xmlEscape(absoluteUrl(localePath(l, e.path)))}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}${alternates}</url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
