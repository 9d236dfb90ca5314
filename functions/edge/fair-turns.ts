/**
 * Fair turns: each client address may have CLIENT_CONCURRENCY requests inside the app at once; its further ones
 * wait in a queue of their own (first come, first served, at most CLIENT_QUEUE long, then 429). One client sending
 * many requests at once only lengthens its own queue: another client's request is let in at once and shares the
 * event loop with at most CLIENT_CONCURRENCY of that client's requests, never with its backlog (issue 44: a mixed
 * flood from one address inside the per-second limit had pushed everyone's p50 to half a second).
 *
 * The time a request spends inside its turn is what it cost: past COST_UNIT_MS, every further COST_UNIT_MS is
 * charged to its per-second buckets (edge/rate-limit.ts) once it is answered. Time spent waiting for a turn is
 * not charged.
 */
import { quotaSubject } from "../../runtime/client-ip.ts";
import { COST_UNIT_MS, type RateLimiter, rateCredential } from "./rate-limit.ts";
import { tooManyRequests } from "./refusal.ts";
import { after, type EdgeStep, type StepOutcome, whenSettled } from "./step.ts";

export interface FairTurnOptions {
  /** Requests of one client inside the app at once; 0 switches turns off. */
  concurrency: number;
  /** Requests of one client that may wait for a turn; past it → 429. */
  queue: number;
}

interface Client {
  inside: number;
  waiting: (() => void)[];
}

/** Turns switched off: nothing to leave. */
const NO_TURNS = () => {};

/** The turns of every client address, in this process. */
export class FairTurns {
  private readonly clients = new Map<string, Client>();

  constructor(private readonly options: FairTurnOptions) {}

  /**
   * Waits for `client`'s turn; resolves with the function that ends it (call it once, when the answer is out), or
   * null at once when the client's queue is full.
   */
  enter(client: string): Promise<() => void> | null {
    const now = this.enterNow(client);
    if (now) return Promise.resolve(now);
    const state = this.clients.get(client) as Client;
    if (state.waiting.length >= this.options.queue) return null;
    const leave = this.leaver(client, state);
    return new Promise((resolve) => state.waiting.push(() => resolve(leave)));
  }

  /** `client`'s turn when it has one free (the function that ends it, as `enter`'s); else undefined, and it waits. */
  enterNow(client: string): (() => void) | undefined {
    const { concurrency } = this.options;
    if (concurrency <= 0) return NO_TURNS;
    let state = this.clients.get(client);
    if (!state) {
      state = { inside: 0, waiting: [] };
      this.clients.set(client, state);
    }
    if (state.inside >= concurrency) return undefined;
    state.inside++;
    return this.leaver(client, state);
  }

  /** Clients with a request inside or waiting (for /metrics and tests). */
  get activeClients(): number {
    return this.clients.size;
  }

  private leaver(client: string, state: Client): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = state.waiting.shift();
      // The turn passes to the client's next request as it is; otherwise one fewer is inside.
      if (next) next();
      else if (--state.inside === 0) this.clients.delete(client);
    };
  }
}

/** The client's requests beyond its turns wait; each request's cost past COST_UNIT_MS is charged afterwards. */
export const fairTurns = (turns: FairTurns, limiter: RateLimiter): EdgeStep => {
  /** Inside its turn from now: the turn ends, and the cost past COST_UNIT_MS is charged, once it is answered. */
  const inside = (leave: () => void): StepOutcome => {
    const started = performance.now();
    return after((_answer, req) => {
      leave();
      const extra = Math.floor((performance.now() - started) / COST_UNIT_MS);
      // Charged in the background: the answer is out already and the charge never refuses.
      if (extra > 0) limiter.charge(rateCredential(req), req.get("ip"), extra).catch(() => {});
    });
  };
  return {
    run(req) {
      const client = quotaSubject(req.get("ip"));
      // Most requests find a turn free and go on without waiting a turn of the event loop.
      const entered = turns.enterNow(client) ?? turns.enter(client);
      return entered
        ? whenSettled(entered, inside)
        : tooManyRequests(req, "too many requests at once from this address; retry after 1 s", 1);
    },
  };
};
