/**
 * What a digest says changed: the deadlines it lists now against those the subscriber's last digest listed (kept in
 * the store with the subscription). A deadline is one (venue, cycle, round, type); it is announced when it is new
 * and announced, or when an estimate stood in its place; moved when its announced instant changed (extended when
 * later). Estimates that shift are not news, and a first digest has no changes to tell.
 */
import type { RecordedDeadline } from "../../../accounts/store/types.ts";
import type { OutlookDeadline } from "../../../snapshot/records.ts";

/** One upcoming deadline of a subscription. */
export interface DigestItem {
  venueId: string;
  shortName: string;
  fullName: string;
  ranks: string;
  dataAsOf: string | null;
  deadline: OutlookDeadline;
}

export type ChangeKind = "announced" | "estimate_replaced" | "extended" | "moved_earlier";

export interface DigestChange {
  kind: ChangeKind;
  item: DigestItem;
  /** What the last digest listed for it (absent for a new deadline). */
  before?: RecordedDeadline;
}

/** The key of a deadline in the record: venue, cycle, round, type. */
export const deadlineKey = (item: Pick<DigestItem, "venueId" | "deadline">): string =>
  `${item.venueId}:${item.deadline.cycle_year}:${item.deadline.round}:${item.deadline.type}`;

export function recordOf(items: readonly DigestItem[]): Record<string, RecordedDeadline> {
  return Object.fromEntries(
    items.map((item) => [
      deadlineKey(item),
      {
        date: item.deadline.date,
        time: item.deadline.time,
        timezone: item.deadline.timezone,
        closesAt: item.deadline.closes_at,
        estimated: item.deadline.estimated,
      },
    ]),
  );
}

export function digestChanges(
  items: readonly DigestItem[],
  before: Record<string, RecordedDeadline> | null,
): DigestChange[] {
  if (before === null) return [];
  return items.flatMap((item): DigestChange[] => {
    const d = item.deadline;
    if (d.estimated) return [];
    const was = before[deadlineKey(item)];
    if (!was) return [{ kind: "announced", item }];
    if (was.estimated) return [{ kind: "estimate_replaced", item, before: was }];
    if (was.closesAt === d.closes_at && was.date === d.date && was.time === d.time) return [];
    return [
      {
        kind: Date.parse(d.closes_at) > Date.parse(was.closesAt) ? "extended" : "moved_earlier",
        item,
        before: was,
      },
    ];
  });
}
