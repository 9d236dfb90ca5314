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

How to answer the common questions in one or two calls:
- Deadlines in the next N days, announced and estimated: upcoming_deadlines with within_days=N and any of ccf_rank, core_rank, qualis_rank (data case: "A", "A*", "A1"; any case accepted; several comma-separated: core_rank=A*,A), field; per_page up to 100; rows come by next.date (an estimate's expected date), data.counts gives announced and estimated over every page. A row whose next.estimated is true is an ESTIMATE from past editions, never an announcement: say so, with its earliest-latest window.
- A venue's next submission: search_conferences query="<acronym>" (next_submission_date, next_submission_closes_at, next_submission_estimated), or get_conference with sections=outlook for every round, the time zone and the other dates.
- How current it is: data_as_of (conference and journal rows, special-issue calls, outlook) is the date of the newest source behind them; stale=true means that source is old, so advise checking the venue's own call.
- Popularity lists (most_viewed, most_tracked, most_attended, trending) carry popularity.counted: when it is 0, nothing has been counted yet and the order is no popularity (popularity.note says so); say that rather than call the venues popular.
- Comparing venues: get_conference per id with sections=ranks,acceptance (or search rows with fields=id,short_name,ranks).
- Subscribing: a conference detail's calendar field is its iCal address (lang=zh: the Chinese feed; nothing else changes); the venue://feeds resource lists the feeds per field, per rank tier and for several conferences at once.
- Keep answers small: fields= on search and list rows, sections= on details; get_statistics covers a year either side of the snapshot unless full=true.
- Dates are YYYY-MM-DD; "today" and "open" follow the UTC date. Link every venue to its detail_page.
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
