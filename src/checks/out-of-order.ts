/**
 * The labels to call out of order when a sender's handoffs were paired in another order than
 * labelled: given, per label in label order, the time position of the handoff it paired with
 * (undefined: none), those outside a longest run that is in time order. Among equally long runs
 * the one of the earliest labels is kept, so the labels listed first are taken as the order meant
 * and the fewest labels are blamed. Pure.
 */
export function outOfOrder(positions: readonly (number | undefined)[]): Set<number> {
  const n = positions.length;
  // longest[k]: the longest run in time order that starts at label k.
  const longest = new Array<number>(n).fill(0);
  for (let k = n - 1; k >= 0; k--) {
    const at = positions[k];
    if (at === undefined) continue;
    let best = 1;
    for (let j = k + 1; j < n; j++) {
      const next = positions[j];
      if (next !== undefined && next > at) best = Math.max(best, (longest[j] as number) + 1);
    }
    longest[k] = best;
  }
  const kept = new Set<number>();
  let want = Math.max(0, ...longest);
  let after = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < n && want > 0; k++) {
    const at = positions[k];
    if (at === undefined || at <= after || longest[k] !== want) continue;
    kept.add(k);
    after = at;
    want--;
  }
  const out = new Set<number>();
  for (let k = 0; k < n; k++) if (positions[k] !== undefined && !kept.has(k)) out.add(k);
  return out;
}
