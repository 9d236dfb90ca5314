/**
 * Ordering and filtering a name search in memory. A common word can match most of the catalogue (233,000
 * venues at scale 100), and joining that many ids in DuckDB to sort and count them took a second. Instead the
 * whole catalogue is ranked once per snapshot and day by the tie order (`SearchOrder`), each filter is read once
 * as a bit set over the index positions (`FilterBits`), and a search places each match in a bit set at
 * `tier × venues + rank`: reading the set bits in order gives the page, counting them the total. Only the page's
 * rows are then read from DuckDB.
 */
import type { Matches, NameIndex } from "./search-index.ts";

/** The catalogue in tie order: the rank of each index position and the position at each rank. */
export class SearchOrder {
  readonly rankOf: Int32Array;
  readonly atRank: Int32Array;

  /** `idsInOrder`: every venue's numeric id, in the order wanted. */
  constructor(index: NameIndex, idsInOrder: readonly number[]) {
    this.atRank = Int32Array.from(idsInOrder, (id) => index.positionOf(id));
    this.rankOf = new Int32Array(index.size).fill(-1);
    this.atRank.forEach((pos, rank) => {
      this.rankOf[pos] = rank;
    });
  }
}

/** One bit per index position; set where the venue meets a search's filters. */
export class FilterBits {
  private readonly bits: Uint32Array;

  /** `ids`: the numeric ids of the venues that meet the filters. */
  constructor(index: NameIndex, ids: readonly number[]) {
    this.bits = new Uint32Array(Math.ceil(index.size / 32));
    for (const id of ids) {
      const pos = index.positionOf(id);
      if (pos >= 0) setBit(this.bits, pos);
    }
  }

  has(pos: number): boolean {
    return ((this.bits[pos >>> 5] as number) & (1 << (pos & 31))) !== 0;
  }

  /** Approximate size in bytes, for the payload cache's weighing. */
  get bytes(): number {
    return this.bits.byteLength;
  }
}

const setBit = (bits: Uint32Array, i: number) => {
  bits[i >>> 5] = (bits[i >>> 5] as number) | (1 << (i & 31));
};

/** Set bits in a 32-bit word. */
function bitCount(word: number): number {
  let w = word - ((word >>> 1) & 0x55555555);
  w = (w & 0x33333333) + ((w >>> 2) & 0x33333333);
  return (((w + (w >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * The positions on one page of the matches that meet the filters (all of them when `allowed` is absent), in
 * tier order then `order`, and how many there are in all.
 */
export function pageOfMatches(
  matches: Matches,
  order: SearchOrder,
  allowed: FilterBits | undefined,
  limit: number,
  offset: number,
): { positions: number[]; total: number } {
  const venues = order.rankOf.length;
  // Tiers 0–3, one band of `venues` keys each.
  const keys = new Uint32Array(Math.ceil((4 * venues) / 32));
  let total = 0;
  for (const pos of matches.positions) {
    if (allowed && !allowed.has(pos)) continue;
    setBit(keys, matches.tierOf(pos) * venues + (order.rankOf[pos] as number));
    total += 1;
  }
  const positions: number[] = [];
  let skip = offset;
  for (let w = 0; w < keys.length && positions.length < limit; w++) {
    let word = keys[w] as number;
    if (word === 0) continue;
    const count = bitCount(word);
    if (skip >= count) {
      skip -= count;
      continue;
    }
    while (word !== 0 && positions.length < limit) {
      const bit = 31 - Math.clz32(word & -word);
      word &= word - 1;
      if (skip > 0) {
        skip -= 1;
        continue;
      }
      positions.push(order.atRank[(w * 32 + bit) % venues] as number);
    }
  }
  return { positions, total };
}
