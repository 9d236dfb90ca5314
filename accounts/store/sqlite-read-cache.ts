/**
 * The answers of the reads every keyed request makes (findKeyCaller, venueActivity), kept on the main thread between
 * the changes that could alter them, so most keyed requests send no message to the store's worker and back. An
 * answer is used only while its generation is the current one and the worker checked for other processes' commits
 * within TRUSTED_FOR_MS (sqlite-change-watch.ts says how both are kept); otherwise the read goes to the worker as
 * before. A kept answer is frozen: every request that gets it shares the same object.
 */
import { LRUCache } from "lru-cache";
import { GENERATION, IN_USE, sharedViews } from "./sqlite-change-watch.ts";

/** Longest the cache is trusted after the worker's last check (it checks every WATCH_POLL_MS while in use). */
const TRUSTED_FOR_MS = 50;
/** Answers kept at most: keys in use and venues read recently. */
const MAX_ENTRIES = 10_000;

interface Entry {
  generation: number;
  answer: Promise<unknown>;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export class ReadCache {
  private readonly slots: Int32Array;
  private readonly checkedAt: BigInt64Array;
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });

  constructor(buffer: SharedArrayBuffer) {
    ({ slots: this.slots, checkedAt: this.checkedAt } = sharedViews(buffer));
  }

  /** The answer kept for `key` if it still holds, else `load()`'s (kept for the requests that follow). */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const generation = Atomics.load(this.slots, GENERATION);
    const kept = this.entries.get(key);
    if (
      kept?.generation === generation &&
      Date.now() - Number(Atomics.load(this.checkedAt, 0)) <= TRUSTED_FOR_MS
    ) {
      Atomics.store(this.slots, IN_USE, 1);
      return kept.answer as Promise<T>;
    }
    // Stamped with the generation before the call: a change while it runs makes the answer stale at once.
    const answer = load().then(deepFreeze);
    this.entries.set(key, { generation, answer });
    answer.catch(() => {
      if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
    });
    return answer;
  }
}
