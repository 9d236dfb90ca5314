/** "Seen today?" for page views: true the first time a key shows up on a UTC day (memory bounded by an LRU). */
import { LRUCache } from "lru-cache";
import { type Clock, systemClock, utcDate } from "../../runtime/clock.ts";

export function onceADay(clock: Clock = systemClock, max = 200_000): (key: string) => boolean {
  const seen = new LRUCache<string, true>({ max });
  return (key) => {
    const dayKey = `${utcDate(clock())}|${key}`;
    if (seen.has(dayKey)) return false;
    seen.set(dayKey, true);
    return true;
  };
}
