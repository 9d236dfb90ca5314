/** One card per upcoming round: venue and ranks, the deadline as published and in the viewer's time, countdown. */
import { stateBesideNext } from "../../../../render/state-beside-next.ts";
import type { BoardData, BoardRow } from "../board-data.ts";
import { h } from "./dom.ts";
import { conferenceDates, countdown, isSoon, localDeadline, statedDeadline } from "./time.ts";

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
  closed: "cycle closed",
  unknown: "unknown",
};

/** States a card names: the others (an open call, an estimated round) the deadline itself already shows. */
const STATE_NOTED = new Set<BoardRow["outlook_state"]>(["passed_unconfirmed", "closed", "unknown"]);

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

/** " · round 2 of 3" for a venue with several rounds in its cycle. */
const roundOf = (row: BoardRow) => (row.rounds > 1 ? `round ${row.round}/${row.rounds}` : null);

/** The conference the round leads to: its dates (a range in the viewer's words) and place, as far as known. */
function conferenceLine(row: BoardRow, viewer: Viewer): string {
  const { conference } = row;
  const dates =
    conference?.start_date &&
    conferenceDates(conference.start_date, conference.end_date ?? conference.start_date, viewer.locale);
  const parts = [
    dates || (conference ? `${conference.year} edition` : null),
    conference?.place ?? null,
    roundOf(row),
  ];
  return parts.filter(Boolean).join(" · ");
}

/** An estimate's window and confidence, in one short phrase: "est. 21 Jan–4 Feb, 70 %". */
function estimateText(row: BoardRow, viewer: Viewer): string {
  const { next } = row;
  const earliest = next.earliest ?? next.date;
  const latest = next.latest ?? next.date;
  const window = conferenceDates(earliest, latest, viewer.locale, false);
  const confidence = next.confidence === null ? "" : `, ${Math.round(next.confidence * 100)} %`;
  return `est. ${window}${confidence}`;
}

/**
 * One compact card (at most 90 px at 400 px): venue and ranks; the deadline as printed (the list's order) and the
 * countdown, the viewer's time or the estimate's window beside it or under it; the conference's dates, place and
 * round when known.
 * Red is kept for urgency: only the countdown of a deadline under seven days is red.
 */
function card(row: BoardRow, viewer: Viewer): HTMLElement {
  const { next } = row;
  const classes = [
    "row",
    next.estimated ? "estimated" : "announced",
    isSoon(next.closes_at, viewer.now) && "soon",
  ];
  // Every card shows a deadline ahead: a venue whose earlier estimate passed unannounced reads as estimated here.
  const shown = stateBesideNext(row.outlook_state, true);
  const state = STATE_NOTED.has(shown) ? STATE_LABELS[shown] : null;
  // An estimate's closing instant is only the end of its expected date in AoE: no local time is claimed for it.
  const detail = next.estimated
    ? estimateText(row, viewer)
    : `your time ${localDeadline(next.closes_at, viewer.locale, viewer.timeZone)}`;
  const conference = conferenceLine(row, viewer);
  return h(
    "li",
    {
      class: classes.filter(Boolean).join(" "),
      "data-date": next.date,
      ...(row.stale && { "data-stale": "", title: `Sources last seen ${row.data_as_of}` }),
    },
    h(
      "div",
      { class: "venue" },
      h("a", { class: "name", href: row.detail_page, "data-open": "", title: row.full_name }, row.short_name),
      ranks(row),
      state && h("span", { class: `state state-${shown}` }, state),
    ),
    h(
      "p",
      { class: "when" },
      h(
        "strong",
        { class: "stated" },
        `${next.type === "abstract" ? "Abstract " : ""}${next.estimated ? "≈ " : ""}${statedDeadline(next)}`,
      ),
      h("span", { class: next.estimated ? "estimate" : "local" }, detail),
      h("span", { class: "countdown", "data-closes": next.closes_at }, countdown(next.closes_at, viewer.now)),
    ),
    conference && h("p", { class: "conf" }, conference),
  );
}

export function renderRows(list: HTMLElement, data: BoardData, viewer: Viewer): void {
  list.replaceChildren(...data.deadlines.map((row) => card(row, viewer)));
  if (data.deadlines.length === 0) list.append(h("li", { class: "empty" }, "No upcoming deadline matches."));
}

/** Countdowns move on without a new tool call. */
export function refreshCountdowns(list: HTMLElement, now: number): void {
  for (const span of list.querySelectorAll<HTMLElement>("[data-closes]")) {
    span.textContent = countdown(span.dataset.closes ?? "", now);
  }
}
