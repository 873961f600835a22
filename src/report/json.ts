import { BatonError } from '../errors.ts';
import {
  type CaseResult,
  REPORT_SCHEMA_VERSION,
  type RunReport,
  type StreamedReport,
} from '../model/report.ts';
import { setOwn } from '../own-field.ts';
import { byCodeEntries, compareBuckets, compareCodes } from './format.ts';
import { mapped, nestedItemText, prettyChunks } from './pretty-chunks.ts';

type Shape = (v: unknown) => unknown;

const same: Shape = (v) => v;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Known keys first in the given order, then any others sorted, so added fields stay stable. An
 * object already in that order, whose fields are all already shaped, is returned as it is: a
 * case result Baton built comes out of `toCaseResult` in report order, and copying it again for
 * each of 100,000 cases was half of what writing report.json cost.
 */
function obj(
  keys: readonly string[],
  fields: Readonly<Record<string, Shape>> = {},
  other: Shape = same,
): Shape {
  const known = new Set(keys);
  const rank = new Map(keys.map((k, i) => [k, i]));
  // hasOwn: a key such as `valueOf` must not pick up Object.prototype members.
  const shapes = keys.map((k) => (Object.hasOwn(fields, k) ? fields[k] : undefined) ?? other);
  const shapeOf = (k: string) => (Object.hasOwn(fields, k) ? fields[k] : undefined) ?? other;
  // Fields whose values are shaped too; the rest are checked for order only.
  const nested = shapes.map((shape) => shape !== same);
  const shaped = (v: Record<string, unknown>): boolean => {
    let next = 0;
    let last: string | undefined;
    for (const k in v) {
      if (!Object.hasOwn(v, k)) return false;
      const at = rank.get(k);
      if (at !== undefined) {
        if (last !== undefined || at < next) return false;
        next = at + 1;
        if (nested[at] && (shapes[at] as Shape)(v[k]) !== v[k]) return false;
      } else {
        if (last !== undefined && compareKeys(last, k) >= 0) return false;
        last = k;
        const shape = shapeOf(k);
        if (shape !== same && shape(v[k]) !== v[k]) return false;
      }
    }
    return true;
  };
  return (v) => {
    if (!isRecord(v) || shaped(v)) return v;
    // A plain object, not a null-prototype one: V8 writes those to JSON faster.
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i] as string;
      if (Object.hasOwn(v, k)) setOwn(out, k, (shapes[i] as Shape)(v[k]));
    }
    const rest = Object.keys(v).filter((k) => !known.has(k));
    for (const k of rest.sort(compareKeys)) setOwn(out, k, shapeOf(k)(v[k]));
    return out;
  };
}

/** Each item shaped; the same array when every item already was. */
const list =
  (item: Shape): Shape =>
  (v) => {
    if (!Array.isArray(v)) return v;
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const x = item(v[i]);
      if (out !== undefined) out[i] = x;
      else if (x !== v[i]) {
        out = v.slice(0, i);
        out[i] = x;
      }
    }
    return out ?? v;
  };

/** Fields by finding code, in code order; the same object when it already was, shaped. */
const byCode =
  (item: Shape): Shape =>
  (v) => {
    if (!isRecord(v)) return v;
    let last: string | undefined;
    let shaped = true;
    for (const k of Object.keys(v)) {
      const x = v[k];
      if (x === undefined || (last !== undefined && compareCodes(last, k) >= 0) || item(x) !== x) {
        shaped = false;
        break;
      }
      last = k;
    }
    return shaped ? v : Object.fromEntries(byCodeEntries(v).map(([k, x]) => [k, item(x)]));
  };

/** Rows and columns in label order, so the matrix reads the same way in every report. */
const confusion: Shape = (v) => {
  if (!isRecord(v) || !Array.isArray(v.labels)) return v;
  const labels = v.labels.map(String);
  return obj(['labels', 'counts'], { counts: obj(labels, {}, obj(labels)) })(v);
};

const histogram: Shape = (v) =>
  isRecord(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => compareBuckets(a, b))) : v;

const rate = obj(['count', 'of', 'rate', 'low', 'high', 'effective']);

/** One case of `cases`, shaped alone so that a report of 100,000 cases is written case by case. */
const caseShape = obj(
  [
    ...['id', 'title', 'file', 'tags', 'status', 'repeats', 'passedRepeats'],
    ...['durationMs', 'hops', 'cost', 'permutationSeed', 'error', 'findings', 'handoffs'],
    ...['participants', 'steps', 'runs', 'timelineOmitted', 'timeline'],
  ],
  {
    error: obj(['code', 'message']),
    findings: list(
      obj([
        ...['check', 'code', 'outcome', 'step', 'distance'],
        ...['expected', 'observed', 'message', 'spanIds', 'line', 'column'],
      ]),
    ),
    timeline: list(obj(['kind', 'step', 'at', 'spanId'])),
    handoffs: list(obj(['from', 'to', 'step', 'reason', 'spanId'])),
    tally: byCode(obj(['count', 'of', 'runs'])),
  },
);

const reportShape = obj(
  [
    'schemaVersion',
    'suite',
    'startedAt',
    'durationMs',
    'repeat',
    'passed',
    'summary',
    'gates',
    'reasons',
    'metrics',
    'cases',
    'properties',
    'run',
  ],
  {
    suite: obj(['name', 'file', 'adapter', 'variant']),
    summary: obj(['cases', 'passed', 'failed', 'errored', 'byCode'], { byCode: byCode(same) }),
    gates: list(obj(['name', 'threshold', 'actual', 'passed', 'outcome', 'note'])),
    metrics: obj(['passRate', 'passAllRepeats', 'byCode', 'confusion', 'hops', 'cost'], {
      passRate: rate,
      passAllRepeats: rate,
      byCode: byCode(rate),
      confusion,
      hops: obj(['histogram', 'mean', 'max'], { histogram }),
    }),
    cases: list(caseShape),
    run: obj(['baton', 'node', 'platform', 'git', 'partial', 'filters', 'shard', 'seeds']),
    properties: list(
      obj([
        ...['id', 'contract', 'from', 'to', 'property', 'outcome', 'code', 'numRuns'],
        ...['seed', 'clock', 'path', 'shrinks', 'message', 'counterexample'],
      ]),
    ),
  },
);

/**
 * The report's top-level fields in report.json's order, shaped, each written to JSON (`cases`
 * holds none: a writer puts the cases in its place, one at a time).
 */
export function reportFields(report: StreamedReport): {
  readonly top: Readonly<Record<string, unknown>>;
  readonly keys: readonly string[];
} {
  const top = reportShape({ ...report, cases: [] }) as Record<string, unknown>;
  return { top, keys: Object.keys(top).filter((k) => JSON.stringify(top[k]) !== undefined) };
}

/** One case with its keys in report.json's order (the same object where they already were). */
export function inCaseOrder(c: CaseResult): CaseResult {
  return caseShape(c) as CaseResult;
}

/** The report as pretty JSON with a fixed key order, so two runs diff line by line. */
export function renderJson(report: RunReport): string {
  return `${JSON.stringify(reportShape(report), null, 2)}\n`;
}

/**
 * One case as it stands in report.json's `cases` list: shaped, pretty and indented to its place,
 * without the comma that follows it. A spill of case results stores this text, so the report
 * copies it instead of rendering each case again.
 */
export function caseJsonText(c: CaseResult): string {
  return nestedItemText(caseShape(c));
}

/**
 * `renderJson`'s text in pieces, a case at a time: the same bytes, without one string of the
 * whole report (a run of 100,000 cases is past the longest string JavaScript can hold). `texts`,
 * when given, are the cases' `caseJsonText`s (as UTF-8 bytes, say), in report order.
 */
export function renderJsonChunks(
  report: StreamedReport,
  texts?: Iterable<string | Uint8Array>,
): Generator<string | Uint8Array> {
  const { top } = reportFields(report);
  return prettyChunks(top, {
    key: 'cases',
    length: report.cases.length,
    items: texts ?? mapped(report.cases, caseJsonText),
  });
}

const TOP_LEVEL: Readonly<Record<string, 'object' | 'array' | 'string' | 'number' | 'boolean'>> = {
  suite: 'object',
  startedAt: 'string',
  durationMs: 'number',
  repeat: 'number',
  passed: 'boolean',
  summary: 'object',
  gates: 'array',
  metrics: 'object',
  cases: 'array',
};

function kind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  return v === null ? 'null' : typeof v;
}

function unreadable(source: string, why: string, fix: string): BatonError {
  return new BatonError('file.unreadable', `Failed to read ${source}: ${why}. ${fix}`);
}

/**
 * Reads a report written by `renderJson` back, for `compare` and other tools. Checks the
 * schema version and the top-level shape; the contents are trusted as Baton wrote them.
 */
export function parseReport(text: string, source = 'report'): RunReport {
  const rerun = `Re-run the suite to write a version-${REPORT_SCHEMA_VERSION} report.json.`;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw unreadable(source, `it is not valid JSON (${why})`, `Pass a report.json from baton run.`);
  }
  if (!isRecord(data)) {
    throw unreadable(source, `it holds a JSON ${kind(data)}, not a report object`, rerun);
  }
  const version = data.schemaVersion;
  if (version === undefined) {
    throw unreadable(source, 'it has no schemaVersion, so it is not a Baton run report', rerun);
  }
  if (version !== REPORT_SCHEMA_VERSION) {
    const newer = typeof version === 'number' && version > REPORT_SCHEMA_VERSION;
    const why = `schemaVersion ${JSON.stringify(version)} is not one this Baton reads (it reads ${REPORT_SCHEMA_VERSION})`;
    throw unreadable(source, why, newer ? 'Upgrade Baton to read it.' : rerun);
  }
  for (const [key, expected] of Object.entries(TOP_LEVEL)) {
    if (kind(data[key]) !== expected) {
      const why = `\`${key}\` should be ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}, got ${kind(data[key])}`;
      throw unreadable(source, why, `The file may be truncated or edited. ${rerun}`);
    }
  }
  // `properties` joined version 1 later: older files simply have none.
  return { properties: [], ...data } as unknown as RunReport;
}
