/** One card per upcoming round: venue and ranks, the deadline as published and in the viewer's time, countdown. */
import type { BoardData, BoardRow } from "../board-data.ts";
import { h } from "./dom.ts";
import { countdown, isSoon, localDeadline, statedDeadline } from "./time.ts";

export interface Viewer {
  locale: string | undefined;
  timeZone: string | undefined;
  now: number;
}

/** The venue's outlook state, as the contract defines it (snapshot/records.ts). */
const STATE_LABELS: Record<BoardRow["outlook_state"], string> = {
  open: "open call",
  estimated: "round estimated",
  passed_unconfirmed: "estimate passed, unconfirmed",
  closed: "cycle closed, next estimated",
  unknown: "unknown",
};

function ranks(row: BoardRow): HTMLElement {
  const badges = [
    ["CCF", row.ccf_rank],
    ["CORE", row.core_rank],
    ["QUALIS", row.qualis_rank],
  ]
    .filter(([, rank]) => rank)
    .map(([system, rank]) => h("span", { class: "rank" }, `${system} ${rank}`));
  return h("span", { class: "ranks" }, ...badges);
}

function round(row: BoardRow): string {
  const kind = row.next.type === "abstract" ? "Abstract" : "Paper";
  const rounds = row.rounds > 1 ? ` · round ${row.round} of ${row.rounds}` : "";
  return `${kind} · ${row.cycle_year}${rounds}`;
}

function estimate(row: BoardRow): HTMLElement | null {
  const { next } = row;
  if (!next.estimated) return null;
  const window =
    next.earliest === next.latest
      ? `around ${next.earliest ?? next.date}`
      : `between ${next.earliest ?? next.date} and ${next.latest ?? next.date}`;
  const confidence = next.confidence === null ? "" : `, confidence ${Math.round(next.confidence * 100)} %`;
  const basis = next.based_on.length > 0 ? ` from ${next.based_on.join(", ")}` : "";
  return h("p", { class: "estimate" }, `Estimated${basis}: ${window}${confidence}. Not announced yet.`);
}

function card(row: BoardRow, viewer: Viewer, boardIsOld: boolean): HTMLElement {
  const { next } = row;
  // An estimate closes at the end of its window, and the countdown says so.
  const prefix = next.estimated ? "window ends " : "";
  const classes = [
    "row",
    next.estimated ? "estimated" : "announced",
    isSoon(next.closes_at, viewer.now) && "soon",
  ];
  return h(
    "li",
    { class: classes.filter(Boolean).join(" ") },
    h(
      "div",
      { class: "venue" },
      h("a", { class: "name", href: row.detail_page, "data-open": "" }, row.short_name),
      ranks(row),
      h("span", { class: `state state-${row.outlook_state}` }, STATE_LABELS[row.outlook_state]),
    ),
    h("p", { class: "full" }, row.full_name),
    h("p", { class: "round" }, round(row)),
    h(
      "p",
      { class: "when" },
      h("strong", { class: "stated" }, `${next.estimated ? "≈ " : ""}${statedDeadline(next)}`),
      h(
        "span",
        { class: "countdown", "data-closes": next.closes_at, "data-prefix": prefix },
        prefix + countdown(next.closes_at, viewer.now),
      ),
    ),
    // An estimate's closing instant is only the end of its window: no local time is claimed for it.
    !next.estimated &&
      h(
        "p",
        { class: "local" },
        `Your time: ${localDeadline(next.closes_at, viewer.locale, viewer.timeZone)}`,
      ),
    estimate(row),
    // Said once at the top when the whole board's data is old; a row older than the rest says it here.
    row.stale &&
      !boardIsOld &&
      h("p", { class: "stale" }, `Sources last seen ${row.data_as_of}: may be out of date.`),
  );
}

export function renderRows(list: HTMLElement, data: BoardData, viewer: Viewer): void {
  const old = data.data_age?.old ?? false;
  list.replaceChildren(...data.deadlines.map((row) => card(row, viewer, old)));
  if (data.deadlines.length === 0) list.append(h("li", { class: "empty" }, "No upcoming deadline matches."));
}

/** Countdowns move on without a new tool call. */
export function refreshCountdowns(list: HTMLElement, now: number): void {
  for (const span of list.querySelectorAll<HTMLElement>("[data-closes]")) {
    span.textContent = (span.dataset.prefix ?? "") + countdown(span.dataset.closes ?? "", now);
  }
}
