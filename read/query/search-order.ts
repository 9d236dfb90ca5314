/**
 * Ordering and filtering a name search in memory. A common word can match most of the catalogue (233,000
 * venues at scale 100), and joining that many ids in DuckDB to sort and count them took a second. Instead the
 * whole catalogue is ranked once per snapshot and day by the tie order (`SearchOrder`), each filter is read once
 * as a bit set over the index positions (`FilterBits`), and a search gives each match the key
 * `tier × venues + rank`: a few thousand keys are sorted, more are placed in a bit set whose set bits, read in
 * order, give the page. Only the page's rows are then read.
 */
import type { Matches, NameIndex } from "./search-index.ts";

/** The catalogue in tie order: the rank of each index position and the position at each rank. */
export class SearchOrder {
  readonly rankOf: Int32Array;
  readonly atRank: Int32Array;
  /**
   * Scratch space of `page`: a search's keys (tier × venues + rank, tiers 0–3) and one bit per key, all clear
   * between searches. Made once: a fresh pair per search made the collector run often.
   */
  private readonly keys: Uint32Array;
  private readonly bits: Uint32Array;

  /** `idsInOrder`: every venue's numeric id, in the order wanted. */
  constructor(index: NameIndex, idsInOrder: readonly number[]) {
    this.atRank = Int32Array.from(idsInOrder, (id) => index.positionOf(id));
    this.rankOf = new Int32Array(index.size).fill(-1);
    this.atRank.forEach((pos, rank) => {
      this.rankOf[pos] = rank;
    });
    this.keys = new Uint32Array(index.size);
    this.bits = new Uint32Array(Math.ceil((4 * index.size) / 32));
  }

  /**
   * The positions on one page of the matches that meet the filters (all of them when `allowed` is absent), in
   * tier order then this order, and how many there are in all. Synchronous, so the scratch arrays can be shared.
   */
  page(
    matches: Matches,
    allowed: FilterBits | undefined,
    limit: number,
    offset: number,
  ): { positions: number[]; total: number } {
    const venues = this.rankOf.length;
    const keys = this.keys.subarray(0, matches.size);
    let total = 0;
    for (const pos of matches.positions) {
      if (allowed && !allowed.has(pos)) continue;
      keys[total++] = matches.tierOf(pos) * venues + (this.rankOf[pos] as number);
    }
    const page =
      total <= SORT_AT_MOST
        ? sortedPage(keys.subarray(0, total), limit, offset)
        : this.bitPage(keys.subarray(0, total), limit, offset);
    return { positions: Array.from(page, (key) => this.atRank[key % venues] as number), total };
  }

  /** Keys `offset` to `offset + limit` in ascending order, through the bit set (cleared again as it is read). */
  private bitPage(keys: Uint32Array, limit: number, offset: number): number[] {
    const bits = this.bits;
    for (const key of keys) setBit(bits, key);
    const page: number[] = [];
    let skip = offset;
    let left = keys.length;
    // The walk stops once every set bit has been read.
    for (let w = 0; w < bits.length && left > 0; w++) {
      let word = bits[w] as number;
      if (word === 0) continue;
      bits[w] = 0;
      const count = bitCount(word);
      left -= count;
      if (skip >= count || page.length === limit) {
        skip -= Math.min(skip, count);
        continue;
      }
      while (word !== 0 && page.length < limit) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        if (skip > 0) skip -= 1;
        else page.push(w * 32 + bit);
      }
    }
    return page;
  }
}

/**
 * Below this many keys sorting them beats walking the bit set, whose length is fixed (four bits per venue: 45,000
 * words at scale 100) however few bits are set.
 */
const SORT_AT_MOST = 4_096;

const sortedPage = (keys: Uint32Array, limit: number, offset: number) =>
  Array.from(keys.sort().subarray(offset, offset + limit));

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
