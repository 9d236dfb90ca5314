/**
 * The submission deadlines a venue's next-deadline box shows (the conference page's first box,
 * src/components/NextDeadline.astro, and a watchlist card, functions/pages/watchlist-page.ts), read from its
 * outlook: the next one, its round's other one still ahead, and the estimates that passed unannounced. The page's
 * data-age notice counts from the data behind exactly these (src/lib/venue-view.ts).
 */
import type { OutlookDeadline, SubmissionOutlook } from "../snapshot/records.ts";

export interface NextBox {
  next: OutlookDeadline | null;
  /** The next deadline's round's other submission deadline(s) still ahead (abstract beside paper). */
  sameRound: OutlookDeadline[];
  /** Estimated rounds whose date passed with no announcement. */
  unconfirmed: OutlookDeadline[];
}

export function nextBox(outlook: SubmissionOutlook | null): NextBox {
  const next = outlook?.next ?? null;
  const deadlines = outlook?.deadlines ?? [];
  const sameRound = next
    ? deadlines.filter(
        (d) =>
          d.type !== next.type &&
          d.cycle_year === next.cycle_year &&
          d.round === next.round &&
          d.status === "upcoming",
      )
    : [];
  return { next, sameRound, unconfirmed: deadlines.filter((d) => d.status === "passed_unconfirmed") };
}

/** Every deadline the box shows, in the box's order. */
export const boxDeadlines = (box: NextBox): OutlookDeadline[] => [
  ...(box.next ? [box.next] : []),
  ...box.sameRound,
  ...box.unconfirmed,
];
