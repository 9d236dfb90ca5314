/**
 * The deadline board inside an MCP host: shows the result of show_deadline_board, calls the tool again through
 * the host when a filter or the page changes, and opens venue pages and the calendar through the host.
 */
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { REMINDER_CHOICES, withRemind } from "../../../../render/remind-param.ts";
import type { BoardData } from "../board-data.ts";
import { HostChannel } from "./channel.ts";
import { h } from "./dom.ts";
import { argumentsOf, filterForm, showArguments, type ToolArguments } from "./filters.ts";
import { refreshCountdowns, renderRows, type Viewer } from "./rows.ts";

const TOOL = "show_deadline_board";

const viewer: Viewer = { locale: undefined, timeZone: undefined, now: Date.now() };
let current: BoardData | undefined;
let lastArguments: ToolArguments = {};

const form = filterForm();
const summary = h("p", { class: "summary", role: "status" }, "Waiting for the deadlines…");
/** The data's age, once, from the answer's data_age (computed by the server, as on the site). */
const dataAgeNote = h("p", { class: "data-age", role: "note", hidden: "" });
const calendar = h("a", { class: "calendar", href: "#", "data-open": "" }, "Add to calendar");
/** The same calendar with reminders (`remind`), one link per choice, as the site's pages offer them. */
const reminders = h("span", { class: "reminders" });
const list = h("ol", { class: "rows" });
const previous = h("button", { type: "button", "data-page": "-1" }, "‹ Previous");
const next = h("button", { type: "button", "data-page": "1" }, "Next ›");
const pageLabel = h("span", {});
const pages = h("nav", { class: "pages", hidden: "" }, previous, pageLabel, next);

document.body.append(
  h("header", {}, h("h1", {}, "Submission deadlines"), summary),
  dataAgeNote,
  form,
  h("p", { class: "actions" }, calendar, " ", reminders),
  list,
  pages,
  h("footer", {}, "Deadlines from Venue Directory: open a venue for its sources and full record."),
);

function showContext(context: McpUiHostContext): void {
  const root = document.documentElement;
  if (context.theme) root.dataset.theme = context.theme;
  for (const [name, value] of Object.entries(context.styles?.variables ?? {})) {
    if (value) root.style.setProperty(name, value);
  }
  viewer.locale = context.locale ?? viewer.locale;
  viewer.timeZone = context.timeZone ?? viewer.timeZone;
  if (current) render(current);
}

/**
 * How old the data is, said once for the whole board (never per card): the dates of the data behind the rows'
 * deadlines (oldest to newest), the notice when the oldest is old.
 */
function showDataAge(data: BoardData): void {
  const age = data.data_age;
  dataAgeNote.hidden = age === null;
  if (!age) return;
  const days = `${age.age_days} day${age.age_days === 1 ? "" : "s"} old`;
  dataAgeNote.classList.toggle("old", age.old);
  dataAgeNote.textContent = age.notice
    ? `Old data: ${age.notice}`
    : age.newest === age.data_as_of
      ? `Data as of ${age.data_as_of} (${days}).`
      : `Data from ${age.data_as_of} to ${age.newest} (the oldest ${days}).`;
}

/** "none", "1 day before", "7 and 1 days before". */
const reminderWords = (days: readonly number[]) =>
  days.length === 0 ? "none" : `${days.join(" and ")} day${days.join() === "1" ? "" : "s"} before`;

function showReminders(url: string): void {
  const links = REMINDER_CHOICES.map((days) =>
    h(
      "a",
      { href: withRemind(url, days), "data-open": "", "data-remind": days.join(",") },
      reminderWords(days),
    ),
  );
  reminders.replaceChildren(
    "· Reminders: ",
    ...links.flatMap((link, i) => (i === 0 ? [link] : [" · ", link])),
  );
}

function render(data: BoardData): void {
  current = data;
  viewer.now = Date.now();
  const { total, page, total_pages } = data.pagination;
  const { announced, estimated } = data.counts;
  summary.textContent = `${total} upcoming submission round${total === 1 ? "" : "s"}: ${announced} announced, ${estimated} estimated, by date`;
  showDataAge(data);
  calendar.setAttribute("href", data.calendar.url);
  calendar.textContent = `Add to calendar: ${data.calendar.title}`;
  showReminders(data.calendar.url);
  renderRows(list, data, viewer);
  pages.hidden = total_pages <= 1;
  pageLabel.textContent = `Page ${page} of ${total_pages}`;
  (previous as HTMLButtonElement).disabled = page <= 1;
  (next as HTMLButtonElement).disabled = page >= total_pages;
}

function showResult(result: CallToolResult): void {
  if (result.isError || !result.structuredContent) {
    const [first] = result.content ?? [];
    summary.textContent = first?.type === "text" ? first.text : "The deadlines could not be loaded.";
    return;
  }
  const data = result.structuredContent as BoardData;
  lastArguments = data.filters;
  showArguments(form, data.filters);
  render(data);
}

async function refresh(args: ToolArguments): Promise<void> {
  summary.textContent = "Loading…";
  lastArguments = args;
  try {
    showResult(await channel.callTool({ name: TOOL, arguments: args }));
  } catch (error) {
    summary.textContent = `The host did not answer: ${(error as Error).message}`;
  }
}

const channel = new HostChannel({
  toolInput: (args) => {
    lastArguments = args;
    showArguments(form, args);
    summary.textContent = "Loading…";
  },
  toolResult: showResult,
  hostContext: showContext,
});

// A new filter starts from page 1 and keeps the page size the call was made with (per_page, or its alias).
form.addEventListener("change", () => {
  const { per_page, page_size } = lastArguments;
  refresh({
    ...argumentsOf(form),
    ...(per_page !== undefined && { per_page }),
    ...(page_size !== undefined && { page_size }),
  });
});
pages.addEventListener("click", (event) => {
  const step = (event.target as HTMLElement).closest("button")?.dataset.page;
  if (!step || !current) return;
  refresh({ ...lastArguments, page: current.pagination.page + Number(step) });
});
document.addEventListener("click", (event) => {
  const link = (event.target as HTMLElement).closest<HTMLAnchorElement>("a[data-open]");
  if (!link) return;
  // A sandboxed frame may not navigate: the host opens the address, after asking the user if it wants to.
  event.preventDefault();
  if (link.href && !link.href.endsWith("#")) channel.openLink(link.href).catch(() => undefined);
});
setInterval(() => refreshCountdowns(list, Date.now()), 60_000);
new ResizeObserver(() => {
  const { height } = document.documentElement.getBoundingClientRect();
  channel.reportSize({ height: Math.ceil(height) });
}).observe(document.documentElement);

channel.connect({ name: "venue-directory-deadline-board", version: "1" }).then(showContext, () => {
  summary.textContent = "No MCP host answered: this board runs inside an assistant that supports MCP Apps.";
});
