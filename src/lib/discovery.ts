/**
 * Files for machines: llms.txt / llms-full.txt (llmstxt.org), the RFC 9727 API catalog, robots.txt, the
 * sitemap and /auth.md (rendered from docs/auth.md, which the authentication module's author maintains).
 * llms.txt's human text comes from the message files, so /zh/llms.txt says the same in Chinese; addresses,
 * parameter names and code stay as they are in both.
 */

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  DEFAULT_LOCALE,
  LANGUAGE_TAG,
  LOCALES,
  type Locale,
  localePath,
  type MessageKey,
  t,
} from "../../render/i18n.ts";
import { RESEARCH_FIELDS } from "../../snapshot/records.ts";
import { type ApiOperation, apiReference, OPENAPI_PATH } from "./api-reference.ts";
import { ALL_DEADLINES_CALENDAR, FIELD_CALENDARS, RANK_CALENDARS } from "./calendar.ts";
import { MCP_APP_URI, MCP_PATH, MCP_PROMPTS, MCP_TOOLS, mcpClientConfigs } from "./mcp.ts";
import { absoluteUrl, snapshotFilePath, venuePath } from "./paths.ts";
import { rankingLists } from "./rankings.ts";
import { RSS_PATH, RSS_WINDOW_DAYS } from "./rss.ts";
import { settings } from "./settings.ts";
import { snapshot } from "./snapshot.ts";

export const API_DOCS_PATH = "/api-docs";
export const STATUS_PATH = "/api/statistics";
export const AUTH_DOC = "docs/auth.md";

const link = (locale: Locale, title: string, path: string, note?: string) =>
  `- [${title}](${absoluteUrl(path)})${note ? t(locale, "llms.note", { note }) : ""}`;

/** Each operation's summary in the message files (the English ones are the OpenAPI summaries: a test holds them). */
const OPERATION_SUMMARY: Readonly<Record<string, MessageKey>> = {
  searchConferences: "llms.op.searchConferences",
  upcomingDeadlines: "llms.op.upcomingDeadlines",
  listConferences: "llms.op.listConferences",
  getConference: "llms.op.getConference",
  searchJournals: "llms.op.searchJournals",
  listJournals: "llms.op.listJournals",
  getJournal: "llms.op.getJournal",
  getResearcher: "llms.op.getResearcher",
  getStatistics: "llms.op.getStatistics",
  login: "llms.op.login",
};

/** The operation's summary in `locale`; an operation the message files do not know yet keeps OpenAPI's words. */
function operationSummary(locale: Locale, op: ApiOperation): string {
  const key = OPERATION_SUMMARY[op.id];
  return key ? t(locale, key) : op.summary;
}

/** A section of llms.txt: its heading, a blank line, then its lines. */
const section = (heading: string, lines: string[]) => [`## ${heading}`, "", ...lines].join("\n");

function operationLine(locale: Locale, op: ApiOperation): string {
  const params = op.parameters.filter((p) => p.in !== "path").map((p) => p.name);
  const summary = operationSummary(locale, op);
  const access = t(locale, op.access === "anonymous" ? "llms.op_anonymous" : "llms.op_credential", {
    summary,
  });
  const url = op.method === "GET" ? op.exampleUrl : absoluteUrl(op.path);
  const parameters = params.length > 0 ? t(locale, "llms.op_parameters", { list: params.join(", ") }) : "";
  return `- [${op.method} ${op.path}](${url})${t(locale, "llms.note", { note: `${access}${parameters}` })}`;
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

function mcpSection(locale: Locale): string {
  const configs = mcpClientConfigs(settings().baseUrl).flatMap((c) => [
    `### ${c.client}`,
    "",
    t(locale, "api.client_anonymous", { where: c.whereKey ? t(locale, c.whereKey) : c.where }),
    "",
    `\`\`\`${c.language}`,
    c.anonymous,
    "```",
    "",
    t(locale, "llms.client_key"),
    "",
    `\`\`\`${c.language}`,
    c.withKey,
    "```",
    "",
  ]);
  const tools = MCP_TOOLS.map((tool) =>
    tool.credential ? t(locale, "llms.tool_credential", { name: tool.name }) : tool.name,
  ).join(", ");
  const endpoint = t(locale, "llms.mcp_endpoint", { tools, prompts: MCP_PROMPTS.join(", ") });
  return section(t(locale, "api.mcp_heading"), [
    `- ${absoluteUrl(MCP_PATH)}${t(locale, "llms.note", { note: endpoint })}`,
    `- ${t(locale, "llms.mcp_app", { uri: MCP_APP_URI })}`,
    "",
    ...configs,
  ]);
}

function feedsSection(locale: Locale): string {
  // RSS_WINDOW_DAYS as written (a number would be grouped by the language).
  const days = String(RSS_WINDOW_DAYS);
  return section(t(locale, "nav.feeds"), [
    link(locale, t(locale, "llms.feed_rss"), RSS_PATH, t(locale, "llms.feed_rss_note", { days })),
    link(locale, t(locale, "llms.feed_ics"), ALL_DEADLINES_CALENDAR.path, t(locale, "llms.feed_ics_note")),
    link(locale, t(locale, "llms.feed_filter"), "/deadlines", t(locale, "llms.feed_filter_note")),
    `- ${t(locale, "llms.feeds_field", { pattern: `${absoluteUrl("/feeds/fields/")}<field>.ics`, example: absoluteUrl(FIELD_CALENDARS[0]?.path ?? "") })}`,
    `- ${t(locale, "llms.feeds_tier", { pattern: `${absoluteUrl("/feeds/ranks/")}<tier>.ics`, tiers: RANK_CALENDARS.map((c) => c.slug).join(", ") })}`,
    `- ${t(locale, "llms.feeds_zh", { example: absoluteUrl(localePath("zh", ALL_DEADLINES_CALENDAR.path)) })}`,
    link(locale, t(locale, "llms.feeds_all"), "/feeds"),
  ]);
}

function snapshotSection(locale: Locale, full: boolean): string {
  const { manifest } = snapshot();
  // Only llms-full.txt (English) lists the files.
  const files = full
    ? manifest.files.map((f) =>
        link(locale, f.name, snapshotFilePath(f.name), `${f.bytes} bytes, sha256 ${f.sha256}`),
      )
    : [];
  return section(t(locale, "llms.snapshot_heading"), [
    link(locale, t(locale, "llms.download"), "/download", t(locale, "llms.download_note")),
    link(locale, "manifest.json", snapshotFilePath("manifest.json"), t(locale, "llms.manifest_note")),
    ...files,
  ]);
}

function intro(locale: Locale): string {
  const { manifest, conferences, journals } = snapshot();
  const conference = conferences[0];
  const journal = journals[0];
  const examples = [
    conference ? absoluteUrl(venuePath("conference", conference.id)) : null,
    journal ? absoluteUrl(venuePath("journal", journal.id)) : null,
  ].filter(Boolean);
  const { counts } = manifest;
  return [
    "# Venue Directory",
    "",
    `> ${t(locale, "llms.summary")}`,
    "",
    // Counts as written (a number would be grouped by the language).
    t(locale, "llms.snapshot", {
      version: manifest.version,
      conferences: String(counts.conferences),
      journals: String(counts.journals),
      special_issues: String(counts.special_issues),
    }),
    "",
    t(locale, "llms.pages", {
      examples: examples.length > 0 ? t(locale, "llms.examples", { list: examples.join(", ") }) : "",
    }),
    "",
    t(locale, "llms.languages", { en: absoluteUrl(LLMS_PATH), zh: absoluteUrl(localePath("zh", LLMS_PATH)) }),
    "",
    t(locale, "llms.terms"),
  ].join("\n");
}

function apiSection(locale: Locale): string {
  const { operations } = apiReference();
  return section("REST API", [
    ...operations.map((op) => operationLine(locale, op)),
    link(locale, t(locale, "llms.openapi"), OPENAPI_PATH),
    link(locale, t(locale, "llms.api_reference"), API_DOCS_PATH),
    link(locale, t(locale, "llms.auth"), "/auth.md", t(locale, "llms.auth_note")),
    link(locale, t(locale, "llms.api_catalog"), "/.well-known/api-catalog"),
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

/** "Optional" is llmstxt.org's own heading (links a reader may skip), the same in every language. */
function optionalSection(locale: Locale): string {
  const slugs = rankingLists()
    .map((l) => l.slug)
    .join(", ");
  return section("Optional", [
    link(locale, t(locale, "llms.rankings"), "/rankings", slugs),
    link(locale, t(locale, "nav.statistics"), "/statistics"),
    link(locale, t(locale, "llms.live_statistics"), STATUS_PATH),
    link(locale, t(locale, "llms.sitemap"), "/sitemap.xml"),
  ]);
}

export const LLMS_PATH = "/llms.txt";

/**
 * llms.txt (`full` false) or llms-full.txt (`full` true: adds every parameter and the auth reference, English
 * only, as the OpenAPI document and docs/auth.md are), its human text in `locale` (/zh/llms.txt).
 */
export function llmsText(full: boolean, locale: Locale = DEFAULT_LOCALE): string {
  const sections = [
    intro(locale),
    apiSection(locale),
    mcpSection(locale),
    feedsSection(locale),
    snapshotSection(locale, full),
  ];
  if (full) sections.push(referenceSection());
  sections.push(optionalSection(locale));
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
