/**
 * Deadlines in the reader's own time zone with a live countdown. Each `[data-deadline]` element names the
 * instant it closes (for a date-only deadline, the end of that day in UTC); one with an exact time holds a
 * `<time datetime="...Z">` whose `.local-time` and `.countdown` siblings are filled here; a `.countdown` marked
 * `data-date-only` (no published time) counts whole days to the end of that day in the deadline's zone, one
 * marked `data-estimated="<expected date>"` days to that date (render/deadline.ts writes the markup). In a list marked
 * `data-rolling="N"`, deadlines that pass are hidden and the next hidden ones shown, so the list stays current
 * between builds.
 */
import { DAY_MS } from "../../runtime/clock.ts";

/**
 * The countdown's words in the page's language: the layout writes them from the message files into
 * `<body data-countdown-words>` (so this script holds no text of its own).
 */
const WORDS: Record<string, string> = JSON.parse(document.body.dataset.countdownWords ?? "{}");
const say = (key: string, params: Record<string, string | number> = {}) =>
  (WORDS[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));

// dateStyle/timeStyle cannot be combined with timeZoneName, hence the explicit parts. A Chinese page writes the
// reader's time the zh-CN way, an English one in the browser's own locale.
const pageLanguage = document.documentElement.lang;
const localFormat = new Intl.DateTimeFormat(pageLanguage.startsWith("zh") ? pageLanguage : undefined, {
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
  return say("clock", {
    d: days,
    h: pad(Math.floor((s % 86_400) / 3600)),
    m: pad(Math.floor((s % 3600) / 60)),
    s: pad(s % 60),
  });
}

const dayCount = (ms: number) => {
  const days = Math.floor(ms / DAY_MS);
  return say(days === 1 ? "day" : "days", { n: days });
};

/** Whole days: a date-only deadline has no time to count seconds to. */
const daysLeft = (ms: number) => (ms < DAY_MS ? say("last_day") : say("left", { days: dayCount(ms) }));

/**
 * An estimate counts to its expected date (`data-estimated="YYYY-MM-DD"`; the element's instant is the end of that
 * day anywhere on Earth, `ms` from now): "about today" on its last day rather than "in about 0 days".
 */
const estimateLeft = (ms: number) =>
  ms < DAY_MS ? say("about_today") : say("about", { days: dayCount(ms) });

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
    if (local) local.textContent = say("your_time", { time: localFormat.format(at) });
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
    const expected = item.countdown.dataset.estimated;
    item.countdown.textContent =
      left <= 0
        ? say("passed")
        : expected
          ? estimateLeft(left)
          : item.countdown.hasAttribute("data-date-only")
            ? daysLeft(left)
            : say("in", { left: remaining(left) });
    item.countdown.classList.toggle("passed", left <= 0);
  }
  for (const list of document.querySelectorAll<HTMLElement>("[data-rolling]")) rollList(list, now);
}

if (tracked.length > 0) {
  tick();
  setInterval(tick, 1000);
}
