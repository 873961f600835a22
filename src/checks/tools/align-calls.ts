/**
 * Pairings of expected with observed items under a compatibility predicate, for the tool
 * trajectory check. Pure and deterministic: ties go to the earlier expected item, then to the
 * earlier observed one.
 */
export type Compatible = (expected: number, observed: number) => boolean;

/** A pairing: `pairs[i]` is the observed index paired with expected i, or -1. */
export type Pairing = number[];

/**
 * The longest order-preserving pairing (a longest common subsequence under `ok`): the pairs that
 * happened in the expected order. O(n·m), fine for the tens of calls a case has.
 */
export function inOrder(n: number, m: number, ok: Compatible): Pairing {
  const best = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    const row = best[i] as number[];
    const next = best[i + 1] as number[];
    for (let j = m - 1; j >= 0; j--) {
      const skip = Math.max(next[j] ?? 0, row[j + 1] ?? 0);
      row[j] = ok(i, j) ? Math.max(skip, 1 + (next[j + 1] ?? 0)) : skip;
    }
  }
  const pairs: Pairing = new Array(n).fill(-1);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const here = best[i]?.[j] ?? 0;
    if (ok(i, j) && here === 1 + (best[i + 1]?.[j + 1] ?? 0)) {
      pairs[i] = j;
      i += 1;
      j += 1;
    } else if (here === (best[i + 1]?.[j] ?? 0)) i += 1;
    else j += 1;
  }
  return pairs;
}

/**
 * A maximum pairing in any order (augmenting paths, Kuhn's algorithm) of the expected items in
 * `rows` with the observed items in `cols`, both unpaired in `start`, which it extends.
 */
export function anyOrder(
  rows: readonly number[],
  cols: readonly number[],
  ok: Compatible,
  start: Pairing,
): Pairing {
  const pairs = [...start];
  const owner = new Map<number, number>();
  const augment = (i: number, seen: Set<number>): boolean => {
    for (const j of cols) {
      if (seen.has(j) || !ok(i, j)) continue;
      seen.add(j);
      const holder = owner.get(j);
      if (holder === undefined || augment(holder, seen)) {
        owner.set(j, i);
        pairs[i] = j;
        return true;
      }
    }
    return false;
  };
  for (const i of rows) augment(i, new Set());
  return pairs;
}
