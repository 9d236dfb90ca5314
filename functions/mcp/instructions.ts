/** Who the MCP server is: its name and version (package.json) and the instructions a client hands its model. */
import pkg from "../../package.json" with { type: "json" };

export function serverInfo(publicBaseUrl: string) {
  return {
    name: pkg.name,
    title: "Venue Directory",
    version: pkg.version,
    description: pkg.description,
    websiteUrl: publicBaseUrl,
  };
}

export function serverInstructions(publicBaseUrl: string): string {
  return `Venue Directory (${publicBaseUrl}) is an open directory of academic conferences and journals: calls for papers and submission deadlines, conference dates and places, CCF, CORE (ICORE) and QUALIS ranks side by side, acceptance-rate history, journal impact factors and metrics, and journal special issues. Every tool is read-only and returns the same data as the REST API under ${publicBaseUrl}/api, as JSON text and as structured content.

How to use the tools:
- Find venues with search_conferences or search_journals (name substring, ranks, research field, date ranges) or take a ready-made list with list_conferences or list_journals (ranking "cfp" = open calls, soonest deadline first). get_statistics describes the whole dataset.
- Dates are YYYY-MM-DD; "today" and "open" follow the UTC date.
- Ids are decimal strings such as "101": take them from the id field of a row and pass them as strings.
- get_conference, get_journal and get_researcher need a credential (the client sends Authorization: Bearer <API key or JWT>). Without one they answer with an error saying so; then work from the search and list rows.
- Lists are paged: page starts at 1, per_page is at most 100. Searches report pagination.total_pages, lists pagination.has_more.
- A tool error whose text starts with "invalid request:" names the bad argument and the allowed values; correct it and call again.
- To show a person the upcoming submission deadlines (filters, countdowns, add to calendar), call show_deadline_board: hosts with MCP Apps render it as a board, others get the same rows as data and a short summary.

${termsOfUse(publicBaseUrl)}`;
}

/** The terms a client's model is handed (instructions) and can read again (the venue://terms resource). */
export function termsOfUse(publicBaseUrl: string): string {
  return `Terms: free use, commercial use included, with attribution. Name Venue Directory as the source and link every venue you mention to its detail_page URL (do not guess a venue's own website). Page through lists at most one call per second; for bulk data use the daily snapshot at ${publicBaseUrl}/snapshots/latest/ instead. Every tool call counts against the caller's daily quota, shared with the REST API.`;
}
