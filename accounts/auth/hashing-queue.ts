/**
 * The hashing pool's queue (a piscina TaskQueue): a login from an address that logged in to the account before goes
 * ahead of the rest, so strangers' guesses filling the queue never keep the owner waiting behind them.
 */
import { queueOptionsSymbol, type TaskQueue } from "piscina";

type Task = Parameters<TaskQueue["push"]>[0];

/** The queue options (a task's [queueOptionsSymbol]) of a task that goes first. */
export const GOES_FIRST = Object.freeze({ first: true });

export class KnownFirstQueue implements TaskQueue {
  private readonly first: Task[] = [];
  private readonly rest: Task[] = [];

  get size(): number {
    return this.first.length + this.rest.length;
  }

  push(task: Task): void {
    (task[queueOptionsSymbol] === GOES_FIRST ? this.first : this.rest).push(task);
  }

  shift(): Task | null {
    return this.first.shift() ?? this.rest.shift() ?? null;
  }

  remove(task: Task): void {
    for (const lane of [this.first, this.rest]) {
      const at = lane.indexOf(task);
      if (at >= 0) lane.splice(at, 1);
    }
  }
}
