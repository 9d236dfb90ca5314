/** The first index of sorted `values` whose value is not below `value` (values.length when none). */
export function firstAtLeast<T extends number | string>(values: ArrayLike<T>, value: T): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as T) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
