import type { ConfusionMatrix } from '../model/report.ts';
import type { TargetPair } from './case-run.ts';
import { NONE } from './targets.ts';

/** Counts expected × observed targets; labels sorted with `none` last. */
export function confusionMatrix(pairs: Iterable<TargetPair>): ConfusionMatrix {
  const counts: Record<string, Record<string, number>> = {};
  const labels = new Set<string>();
  for (const { expected, observed } of pairs) {
    labels.add(expected);
    labels.add(observed);
    const row = counts[expected] ?? {};
    counts[expected] = row;
    row[observed] = (row[observed] ?? 0) + 1;
  }
  const sorted = [...labels].filter((l) => l !== NONE).sort();
  if (labels.has(NONE)) sorted.push(NONE);
  return { labels: sorted, counts };
}
