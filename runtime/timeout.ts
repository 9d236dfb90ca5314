/** The one race of a promise against a timer: the store guard, the edge's quota checks, /readyz and the SQLite worker. */

/**
 * Settles like `work`, or, once `ms` have passed first, like `onTimeout()`: with what it returns, or rejected
 * with what it throws. What `work` does later is ignored; the timer never outlives the race.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(onTimeout());
      } catch (err) {
        reject(err);
      }
    }, ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
