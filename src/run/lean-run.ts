import { type CaseRun, hopsOf } from '../metrics/case-run.ts';
import { caseTally } from '../metrics/case-tally.ts';
import { standIn, standInHandoffs } from '../metrics/run-measure.ts';
import type { Finding, FindingCode } from '../model/finding.ts';
import type { CaseResult, CodeTally } from '../model/report.ts';
import type { Summarized } from './summarize.ts';

/**
 * What a run keeps of a finished case for its metrics, summary, recognition warnings and
 * escaped errors: the result itself goes to the report's sink, the loaded case and the spans,
 * timeline and messages are let go.
 */
export interface KeptCase {
  readonly id: string;
  /** Handoffs the case's labels expect. */
  readonly expected: number;
  readonly summarized: Summarized;
  /**
   * Each repeat as metrics read it (codes, counts, targets; no timeline, no messages). Their
   * opportunities are left empty: `tally` holds them, summed over the repeats.
   */
  readonly runs: readonly CaseRun[];
  /** The case's findings and opportunities by code (`caseTally` of its runs), for the metrics. */
  readonly tally: Readonly<Partial<Record<FindingCode, CodeTally>>>;
}

const NO_OPPORTUNITIES: CaseRun['opportunities'] = Object.freeze({});

const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

/**
 * A run as metrics read it: findings as shared stand-ins, no timeline, no opportunities (the
 * kept case's tally has them); notes and escaped errors kept. What `caseRunOf(runMeasure(run,
 * first))` gives otherwise (without recognition, tallied as the case finishes), built in one
 * pass: this runs for every case.
 */
export function leanRun(run: CaseRun, first: boolean): CaseRun {
  const findings: Finding[] = [];
  // Failing findings in the order found, then the passing ones grouped by code (in the order
  // their codes first passed).
  let passed: FindingCode[] | undefined;
  for (const f of run.findings) {
    if (f.outcome !== 'pass') findings.push(standIn(f.code, 'fail'));
    else if (!passed) passed = [f.code];
    else if (!passed.includes(f.code)) passed.push(f.code);
  }
  if (passed)
    for (const code of passed)
      for (const f of run.findings)
        if (f.outcome === 'pass' && f.code === code) findings.push(standIn(code, 'pass'));
  const notes = first && run.notes && run.notes.length > 0 ? run.notes : undefined;
  return {
    status: run.status,
    findings: findings.length === 0 ? NO_FINDINGS : findings,
    handoffs: standInHandoffs(hopsOf(run)),
    opportunities: NO_OPPORTUNITIES,
    targets: run.targets,
    durationMs: 0,
    ...(notes && { notes }),
    ...(run.strays && { strays: run.strays }),
  };
}

/** Distinct shapes a run shares at most: past this, kept cases hold their own objects. */
const MAX_SHAPES = 10_000;

/**
 * Kept cases' parts that many cases have alike, one object each: the tally, the summary and the
 * lean runs of 100,000 cases that mostly passed are a few dozen shapes, not 100,000 objects
 * each. Nothing reads a kept part to change it. One for each run: it holds only what that run
 * keeps.
 */
export class KeptShapes {
  private readonly known = new Map<string, unknown>();
  // The part of each kind given out last: a case like the one before it (most cases of a run
  // that passes) is compared with it field by field, and builds no key.
  private readonly last: Record<Part, unknown> = {
    summary: undefined,
    runs: undefined,
    tally: undefined,
  };

  /** The object already kept under `key`, else `value`, kept under it. */
  one<T>(key: string, value: T): T {
    const known = this.known.get(key);
    if (known !== undefined) return known as T;
    if (this.known.size < MAX_SHAPES) this.known.set(key, value);
    return value;
  }

  /**
   * `one(key(), value)`, or the part of `kind` given out last when `alike` says `value` is the
   * same. A `key` of undefined keeps `value` as the case's own.
   */
  like<T>(kind: Part, value: T, alike: (a: T, b: T) => boolean, key: () => string | undefined): T {
    const last = this.last[kind] as T | undefined;
    if (last !== undefined && alike(last, value)) return last;
    const k = key();
    if (k === undefined) return value;
    const shared = this.one(k, value);
    this.last[kind] = shared;
    return shared;
  }
}

type Part = 'summary' | 'runs' | 'tally';

function tallyKey(tally: KeptCase['tally']): string {
  let key = 't';
  for (const code in tally) {
    const e = tally[code as FindingCode] as CodeTally;
    key += `|${code}:${e.count},${e.of},${e.runs}`;
  }
  return key;
}

/** Undefined for a run holding what only it has (notes, escaped errors): it is not shared. */
function runsKey(runs: readonly CaseRun[]): string | undefined {
  let key = 'r';
  for (const r of runs) {
    if (r.notes !== undefined || r.strays !== undefined) return undefined;
    key += `|${r.status}/${r.handoffs.length}/`;
    for (const f of r.findings) key += `${f.code}:${f.outcome},`;
    for (const t of r.targets)
      key += `/${JSON.stringify(t.expected)}>${JSON.stringify(t.observed)}`;
  }
  return key;
}

/** The case kept after its result is built; with `shapes`, its parts shared with like cases. */
export function keptCase(
  result: CaseResult,
  expected: number,
  runs: readonly CaseRun[],
  shapes?: KeptShapes,
): KeptCase {
  const failing = result.findings.filter((f) => f.outcome !== 'pass');
  const summarized: Summarized = {
    status: result.status,
    findings:
      failing.length === 0 ? NO_FINDINGS : failing.map(({ code, outcome }) => ({ code, outcome })),
  };
  const lean = runs.map((r, i) => leanRun(r, i === 0));
  const tally = result.tally ?? caseTally(runs);
  if (!shapes) return { id: result.id, expected, summarized, runs: lean, tally };
  return {
    id: result.id,
    expected,
    summarized: shapes.like('summary', summarized, sameSummary, () => summaryKey(summarized)),
    runs: shapes.like('runs', lean, sameRuns, () => runsKey(lean)),
    tally: shapes.like('tally', tally, sameTally, () => tallyKey(tally)),
  };
}

function summaryKey(s: Summarized): string {
  return `s|${s.status}|${s.findings.map((f) => `${f.code}:${f.outcome}`).join(',')}`;
}

// What each key says, compared without building one.

type Coded = Summarized['findings'][number];

/** The same codes and outcomes, in the same order. */
function sameCodes(a: readonly Coded[], b: readonly Coded[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Coded;
    const y = b[i] as Coded;
    if (x.code !== y.code || x.outcome !== y.outcome) return false;
  }
  return true;
}

function sameSummary(a: Summarized, b: Summarized): boolean {
  return a.status === b.status && sameCodes(a.findings, b.findings);
}

function sameTally(a: KeptCase['tally'], b: KeptCase['tally']): boolean {
  const bCodes = Object.keys(b);
  let i = 0;
  for (const code in a) {
    if (bCodes[i++] !== code) return false;
    const x = a[code as FindingCode] as CodeTally;
    const y = b[code as FindingCode] as CodeTally;
    if (x.count !== y.count || x.of !== y.of || x.runs !== y.runs) return false;
  }
  return i === bCodes.length;
}

/** Only for runs a key is made for: `last` never holds a case's own runs. */
function sameRuns(a: readonly CaseRun[], b: readonly CaseRun[]): boolean {
  if (a.length !== b.length) return false;
  for (let r = 0; r < a.length; r++) {
    const x = a[r] as CaseRun;
    const y = b[r] as CaseRun;
    if (y.notes !== undefined || y.strays !== undefined) return false;
    if (x.status !== y.status || x.handoffs.length !== y.handoffs.length) return false;
    if (x.targets.length !== y.targets.length || !sameCodes(x.findings, y.findings)) return false;
    for (let i = 0; i < x.targets.length; i++) {
      const t = x.targets[i] as CaseRun['targets'][number];
      const u = y.targets[i] as CaseRun['targets'][number];
      if (t.expected !== u.expected || t.observed !== u.observed) return false;
    }
  }
  return true;
}
