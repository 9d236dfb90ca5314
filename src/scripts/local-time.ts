/**
 * Deadlines in the reader's own time zone with a live countdown. Each `[data-deadline]` element names the
 * instant it closes (for a date-only deadline, the end of that day in UTC); one with an exact time holds a
 * `<time datetime="...Z">` whose `.local-time` and `.countdown` siblings are filled here; a `.countdown` marked
 * `data-date-only` (no published time, or an estimate: `data-estimated`) counts whole days to the end of that
 * day in the deadline's zone (functions/site/deadline.ts writes the markup). In a list marked
 * `data-rolling="N"`, deadlines that pass are hidden and the next hidden ones shown, so the list stays current
 * between builds.
 */
// dateStyle/timeStyle cannot be combined with timeZoneName, hence the explicit parts.
const localFormat = new Intl.DateTimeFormat(undefined, {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
});

const pad = (n: number) => String(n).padStart(2, "0");

function remaining(ms: number): string {
  const s = Math.floor(ms / 1000);
  const days = Math.floor(s / 86_400);
  return `${days}d ${pad(Math.floor((s % 86_400) / 3600))}h ${pad(Math.floor((s % 3600) / 60))}m ${pad(s % 60)}s`;
}

/** Whole days: a date-only deadline has no time to count seconds to, an estimate is about a date. */
function daysLeft(ms: number, estimated: boolean): string {
  const days = Math.floor(ms / 86_400_000);
  if (estimated) return `in about ${days} ${days === 1 ? "day" : "days"}`;
  return days === 0 ? "last day" : `${days} ${days === 1 ? "day" : "days"} left`;
}

interface Item {
  element: HTMLElement;
  at: number;
  countdown: HTMLElement | null;
}

function items(): Item[] {
  return [...document.querySelectorAll<HTMLElement>("[data-deadline]")].flatMap((element) => {
    // The exact instant, or for a date-only deadline the end of that day in its zone (the outlook's closes_at).
    const at = Date.parse(element.dataset.deadline ?? "");
    if (Number.isNaN(at)) return [];
    const local = element.querySelector<HTMLElement>(".local-time");
    if (local) local.textContent = `Your time: ${localFormat.format(at)}`;
    return [{ element, at, countdown: element.querySelector<HTMLElement>(".countdown") }];
  });
}

function rollList(list: HTMLElement, now: number) {
  const visible = Number(list.dataset.rolling) || 10;
  let shown = 0;
  // Rows are the list's own children; deadlines inside a row carry data-deadline too.
  for (const row of list.querySelectorAll<HTMLElement>(":scope > [data-deadline]")) {
    const passed = Date.parse(row.dataset.deadline ?? "") < now;
    row.hidden = passed || shown >= visible;
    if (!row.hidden) shown++;
  }
}

const tracked = items();

function tick() {
  const now = Date.now();
  for (const item of tracked) {
    if (!item.countdown) continue;
    const left = item.at - now;
    const dateOnly = item.countdown.hasAttribute("data-date-only");
    const estimated = item.countdown.hasAttribute("data-estimated");
    item.countdown.textContent =
      left <= 0 ? "passed" : dateOnly ? daysLeft(left, estimated) : `in ${remaining(left)}`;
    item.countdown.classList.toggle("passed", left <= 0);
  }
  for (const list of document.querySelectorAll<HTMLElement>("[data-rolling]")) rollList(list, now);
}

if (tracked.length > 0) {
  tick();
  setInterval(tick, 1000);
}

// A module, so its names stay out of the global scope.
export {};
