/**
 * completion/complete for the prompts' arguments and the venue templates: research fields, ranking systems and
 * tiers (the tiers of the system already chosen, if any), venue acronyms (from the name search REST uses) and
 * venue ids. Served by one handler rather than the SDK's per-argument completers, so a reference the server
 * does not know gets an empty list, not an error (the spec lets completion be as minimal as that).
 */

import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CompleteRequestSchema, type CompleteResult } from "@modelcontextprotocol/sdk/types.js";
import type { ReadOperations } from "../../read/operations.ts";
import { RANK_SYSTEM_NAMES, RANK_SYSTEMS, tiersOfSystemNamed } from "../../read/schema/rank-tiers.ts";
import { CCF_TIERS, RESEARCH_FIELDS } from "../../snapshot/records.ts";
import { TEMPLATE_ID, VENUE_ARGUMENT } from "../http/mcp-arguments.ts";
import { VENUE_TEMPLATES } from "./resources.ts";

/** At most this many values per answer (the spec's cap). */
const MAX_VALUES = 100;
/** Venues suggested per answer. */
const VENUE_SUGGESTIONS = 10;

const VENUE_KINDS = ["conference", "journal"] as const;

/** The systems as prompt arguments name them: ccf, core, qualis. */
const ALL_TIERS = RANK_SYSTEMS.flatMap(({ tiers }) => tiers);

type Context = Record<string, string>;
type Completer = (value: string, context: Context) => string[] | Promise<string[]>;

const startingWith = (values: readonly string[]) => (value: string) => {
  const prefix = value.trim().toLowerCase();
  return values.filter((v) => v.toLowerCase().startsWith(prefix));
};

function answer(values: readonly string[]): CompleteResult {
  const unique = [...new Set(values)];
  return {
    completion: {
      values: unique.slice(0, MAX_VALUES),
      total: unique.length,
      hasMore: unique.length > MAX_VALUES,
    },
  };
}

export function registerCompletion(server: McpServer, ops: ReadOperations): void {
  /** Venues whose name contains the typed text, as the REST name search finds them. */
  const venues = async (kind: "conference" | "journal", value: string) => {
    const query = value.trim();
    if (!query) return [];
    const params = { query, per_page: VENUE_SUGGESTIONS };
    const outcome =
      kind === "conference" ? await ops.searchConferences(params) : await ops.searchJournals(params);
    if (!outcome.ok) return [];
    return "conferences" in outcome.data ? outcome.data.conferences : outcome.data.journals;
  };

  const field = startingWith(RESEARCH_FIELDS);
  const tier: Completer = (value, context) => {
    const system = context.system?.trim().toLowerCase();
    const tiers = tiersOfSystemNamed(system) ?? ALL_TIERS;
    return startingWith(tiers)(value);
  };
  const acronyms: Completer = async (value, context) => {
    const kinds = VENUE_KINDS.filter((kind) => !context.kind || context.kind === kind);
    const found = await Promise.all(kinds.map((kind) => venues(kind, value)));
    return found.flat().map((venue) => venue.short_name || venue.full_name);
  };

  const PROMPT_ARGUMENTS: Record<string, Completer> = {
    field,
    system: startingWith(RANK_SYSTEM_NAMES),
    tier,
    ccf_rank: startingWith(CCF_TIERS),
    kind: startingWith(["conference", "journal"]),
    [VENUE_ARGUMENT]: acronyms,
    days: startingWith(["7", "30", "60", "90", "180", "365"]),
  };
  const TEMPLATE_IDS: Record<string, Completer> = {
    [VENUE_TEMPLATES.conference]: async (value) => (await venues("conference", value)).map((v) => v.id),
    [VENUE_TEMPLATES.journal]: async (value) => (await venues("journal", value)).map((v) => v.id),
  };

  server.server.registerCapabilities({ completions: {} });
  server.server.setRequestHandler(CompleteRequestSchema, async ({ params }) => {
    const { ref, argument } = params;
    const context = params.context?.arguments ?? {};
    const completer =
      ref.type === "ref/prompt"
        ? PROMPT_ARGUMENTS[argument.name]
        : argument.name === TEMPLATE_ID
          ? TEMPLATE_IDS[ref.uri]
          : undefined;
    return answer(completer ? await completer(argument.value, context) : []);
  });
}
