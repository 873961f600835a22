/**
 * Runs `task` over `items` with at most `limit` in flight; results keep the input order.
 * A rejected task rejects the whole pool, so tasks handle their own errors. When `stopped()`
 * turns true no further task starts, and the items never started have no result.
 */
export async function mapPool<T, R>(
  items: { readonly length: number; at(index: number): T | undefined },
  limit: number,
  task: (item: T, index: number) => Promise<R>,
  stopped: () => boolean = () => false,
): Promise<(R | undefined)[]> {
  const results = new Array<R | undefined>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    // Once stopped, no new item starts; the ones in flight finish (their slots stay undefined).
    while (next < items.length && !stopped()) {
      const index = next++;
      results[index] = await task(items.at(index) as T, index);
    }
  };
  const workers = Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker);
  await Promise.all(workers);
  return results;
}
