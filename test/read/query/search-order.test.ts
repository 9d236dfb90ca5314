/**
 * A search page read from the tie order equals sorting every match by (tier, rank) and slicing: for a few matches
 * (sorted) and for many (the bit set), with and without filters, and again on the same order (the scratch space
 * is left clear).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Matches, type MatchTier, NameIndex } from "../../../read/query/search-index.ts";
import { FilterBits, SearchOrder } from "../../../read/query/search-order.ts";

const VENUES = 9_000;
const index = NameIndex.of(
  Array.from({ length: VENUES }, (_, i) => ({
    id: String(10 + i * 3),
    short: `V${i}`,
    full: `Venue ${i}`,
    aliases: [],
    issns: [],
  })),
);
const ids = Array.from({ length: VENUES }, (_, pos) => index.idOf(pos));

/** A deterministic shuffle of the ids: the tie order under test. */
const shuffled = (seed: number) => {
  const out = [...ids];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as number, out[i] as number];
  }
  return out;
};

describe("SearchOrder.page", () => {
  it("is the sorted, filtered slice of the matches, for few and many matches", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.oneof(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 4_000, max: VENUES })),
        fc.option(fc.integer({ min: 2, max: 5 })),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 6_000 }),
        (seed, count, filterEvery, limit, offset) => {
          const order = new SearchOrder(index, shuffled(seed));
          const rank = new Map(shuffled(seed).map((id, r) => [index.positionOf(id), r]));
          const allowed =
            filterEvery === null
              ? undefined
              : new FilterBits(
                  index,
                  ids.filter((_, i) => i % filterEvery !== 0),
                );
          // Twice on one order: the first search must leave its scratch space clear for the second.
          for (let round = 0; round < 2; round++) {
            const matches = new Matches(VENUES);
            for (let k = 0; k < count; k++) {
              const pos = (k * 7_919 + seed + round) % VENUES;
              matches.offer(pos, ((pos + seed) % 4) as MatchTier);
            }
            const expected = [...matches.positions]
              .filter((pos) => !allowed || allowed.has(pos))
              .sort(
                (a, b) => matches.tierOf(a) - matches.tierOf(b) || (rank.get(a) ?? 0) - (rank.get(b) ?? 0),
              );
            const page = order.page(matches, allowed, limit, offset);
            expect(page.total).toBe(expected.length);
            expect(page.positions).toEqual(expected.slice(offset, offset + limit));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
