/** One slice of a suite's cases: the `index`-th (1-based) of `total`. */
export interface Shard {
  readonly index: number;
  readonly total: number;
}

/**
 * The shard (1-based) a case belongs to, from a stable hash of its id (32-bit FNV-1a over the
 * id's UTF-16 code units): adding, removing or reordering other cases never moves a case to
 * another shard, so a CI matrix keeps each case on the same job from run to run.
 */
export function shardOfCase(id: string, total: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 0) % total) + 1;
}

/** The cases of `items` that fall in `shard` (all of them without one), in their order. */
export function inShard<T extends { readonly id: string }>(
  items: readonly T[],
  shard: Shard | undefined,
): T[] {
  if (shard === undefined) return [...items];
  return items.filter((item) => shardOfCase(item.id, shard.total) === shard.index);
}
