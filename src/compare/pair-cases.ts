import type { CaseChangeKind } from './compare-report.ts';
import type { ComparedCase, ComparedRun } from './compared-case.ts';

/** A case both reports ran, side by side. */
export interface CasePair {
  readonly id: string;
  readonly a: ComparedCase;
  readonly b: ComparedCase;
  readonly change: Extract<CaseChangeKind, 'broke' | 'fixed' | 'changed' | 'same' | 'errored'>;
}

/** The cases of two reports matched by id: pairs in the baseline's order, then the leftovers. */
export function pairCases(baseline: ComparedRun, candidate: ComparedRun) {
  const byId = new Map(candidate.cases.map((c) => [c.id, c]));
  const pairs: CasePair[] = [];
  const removed: ComparedCase[] = [];
  const seen = new Set<string>();
  for (const a of baseline.cases) {
    const b = byId.get(a.id);
    if (b === undefined || seen.has(a.id)) {
      removed.push(a);
      continue;
    }
    seen.add(a.id);
    pairs.push({ id: a.id, a, b, change: changeOf(a, b) });
  }
  const added = candidate.cases.filter((c) => !seen.has(c.id));
  return { pairs, added, removed };
}

/** broke: pass → fail; fixed: fail → pass; changed: same verdict, other findings. */
export function changeOf(a: ComparedCase, b: ComparedCase): CasePair['change'] {
  if (a.status === 'error' || b.status === 'error') return 'errored';
  if (a.status === 'pass' && b.status === 'fail') return 'broke';
  if (a.status === 'fail' && b.status === 'pass') return 'fixed';
  return signature(a) === signature(b) ? 'same' : 'changed';
}

/**
 * What a case's findings say, without volatile detail (span ids, wording): code, outcome, step
 * and distance of each, plus how it fared over repeats (every repeat passing, however many ran,
 * is one outcome; otherwise the pass count over the repeats) and where the work went: who handed
 * to whom at which step. Two routing rules that send a case to different accepted receivers, or
 * fail it by handing it to different wrong ones, changed it.
 */
function signature(c: ComparedCase): string {
  const parts = c.findings.map((f) => `${f.code}|${f.outcome}|${f.step ?? ''}|${f.distance ?? ''}`);
  const repeats = c.passedRepeats === c.repeats ? 'all' : `${c.passedRepeats}/${c.repeats}`;
  const route = c.handoffs.map((h) => `${h.from}>${h.to}@${h.step}`).join(',');
  return `${repeats} ${parts.sort().join(',')} ${route}`;
}
