import type { Finding } from '../model/finding.ts';
import type { Case, CasePositions, Labels } from '../model/labelled-case.ts';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function sameWindow(a: unknown, b: readonly [number, number]): boolean {
  return Array.isArray(a) && a[0] === b[0] && a[1] === b[1];
}

/**
 * The expected handoff a finding's `expected` data describes, by sender, receiver and window: the
 * first label of that pair with that window, else the first of that pair (-1 for none). A loop,
 * not a chain of array methods: every finding of every case is placed.
 */
function handoffLabel(labels: Labels, e: Record<string, unknown>): number {
  let first = -1;
  for (let i = 0; i < labels.handoffs.length; i++) {
    const h = labels.handoffs[i] as Labels['handoffs'][number];
    if (h.from !== e.from || h.to !== e.to) continue;
    if (e.window === undefined || sameWindow(e.window, h.window)) return i;
    if (first === -1) first = i;
  }
  return first;
}

function effectLabel(labels: Labels, e: Record<string, unknown>): number {
  return (labels.effects ?? []).findIndex((x) => x.effect === e.effect && x.key === e.key);
}

/** The line of the label the finding judges, when it judges one. */
function labelLine(f: Finding, labels: Labels, at: CasePositions): number | undefined {
  const e = isRecord(f.expected) ? f.expected : undefined;
  if (e && typeof e.from === 'string' && typeof e.to === 'string') {
    const h = at.handoffs[handoffLabel(labels, e)];
    if (h !== undefined) return (typeof e.fact === 'string' && h.carry[e.fact]) || h.line;
  }
  if (e && typeof e.effect === 'string') {
    const line = at.effects[effectLabel(labels, e)];
    if (line !== undefined) return line;
  }
  if (f.code === 'handoff.hops_exceeded' && at.maxHops !== undefined) return at.maxHops;
  if (f.code.startsWith('ownership.') && at.ownership !== undefined) return at.ownership;
  return undefined;
}

/**
 * Where in its case file a finding points: the label it judges (an expected handoff, one of its
 * facts, an effect, the hop cap), else the step where it happened, else the labels, else the id.
 */
export function findingLine(f: Finding, testCase: Case): number | undefined {
  const at = testCase.positions;
  if (at === undefined) return undefined;
  const label = labelLine(f, testCase.labels, at);
  if (label !== undefined) return label;
  const step = f.step === undefined ? undefined : at.steps[f.step];
  return step ?? at.expect ?? at.trace ?? at.id;
}
