/** Source priority: which source's value wins when several state one (merge of conferences and journals). */
import type { SourceId } from "./observations.ts";

/** Members ordered by their source's place in `order`; sources not listed come last, in their own order. */
export function byPriority<O extends { source: SourceId }>(
  members: readonly O[],
  order: readonly SourceId[],
): O[] {
  const rank = (s: SourceId) => {
    const i = order.indexOf(s);
    return i < 0 ? order.length : i;
  };
  return [...members].sort((a, b) => rank(a.source) - rank(b.source));
}

/** The first non-empty value in priority order, from the listed sources only. */
export function firstBy<O extends { source: SourceId }, T>(
  members: readonly O[],
  order: readonly SourceId[],
  get: (o: O) => T | null,
): T | null {
  for (const o of byPriority(members, order)) {
    if (!order.includes(o.source)) continue;
    const value = get(o);
    if (value !== null && value !== "") return value;
  }
  return null;
}
