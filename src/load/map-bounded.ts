/** Files a loader keeps open at once: far below any open-file limit, enough to keep the disk busy. */
export const MAX_OPEN_FILES = 64;

/**
 * `Promise.all(items.map(work))` with at most `limit` calls in flight, results in input order.
 * A suite of 100,000 case files opens 64 at a time instead of all at once (EMFILE), and only
 * those 64 parse trees are alive together.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  work: (item: T, index: number) => Promise<R>,
  limit: number = MAX_OPEN_FILES,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      out[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
