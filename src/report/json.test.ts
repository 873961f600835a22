import { readFileSync } from 'node:fs';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { BatonError } from '../errors.ts';
import { FINDING_CODES } from '../model/finding.ts';
import type { CaseResult, RunReport } from '../model/report.ts';
import { erroredRun, maskVolatile, regressedRun, repeatedRun } from './fixtures.ts';
import { caseJsonText, parseReport, renderJson, renderJsonChunks } from './json.ts';

const TOP_KEYS = [
  'schemaVersion',
  'suite',
  'startedAt',
  'durationMs',
  'repeat',
  'passed',
  'summary',
  'gates',
  'metrics',
  'cases',
  'properties',
];

/** Reverses key order at every level except inside finding data, which is kept as written. */
function reverseKeys(v: unknown, key = ''): unknown {
  if (Array.isArray(v)) return v.map((x) => reverseKeys(x));
  if (typeof v !== 'object' || v === null || key === 'expected' || key === 'observed') return v;
  return Object.fromEntries(
    Object.entries(v)
      .reverse()
      .map(([k, x]) => [k, reverseKeys(x, k)]),
  );
}

function errorOf(fn: () => unknown): BatonError {
  try {
    fn();
  } catch (e) {
    if (e instanceof BatonError) return e;
    throw e;
  }
  throw new Error('expected a BatonError');
}

const text = fc.string({ maxLength: 12 });
const real = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x));
const count = fc.nat({ max: 500 });
const code = fc.constantFrom(...FINDING_CODES);
// jsonValue can yield -0, which JSON itself cannot carry; compare what JSON can say.
const data = fc.jsonValue({ maxDepth: 2 }).map((v): unknown => JSON.parse(JSON.stringify(v)));
const rate = fc.record({ count, of: count, rate: real, low: real, high: real });
const finding = fc.record(
  {
    check: text,
    code,
    outcome: fc.constantFrom('pass', 'fail', 'error'),
    step: fc.integer({ min: -1, max: 40 }),
    distance: fc.integer({ min: -40, max: 40 }),
    expected: data,
    observed: data,
    message: fc.string(),
    spanIds: fc.array(text, { maxLength: 3 }),
  },
  { requiredKeys: ['check', 'code', 'outcome', 'message', 'spanIds'] },
);
const caseResult = fc
  .record(
    {
      id: text,
      title: fc.string(),
      file: text,
      tags: fc.array(text, { maxLength: 3 }),
      status: fc.constantFrom('pass', 'fail', 'error'),
      repeats: count,
      passedRepeats: count,
      findings: fc.array(finding, { maxLength: 3 }),
      handoffs: fc.array(
        fc.record(
          { from: text, to: text, step: count, reason: text, spanId: text },
          { requiredKeys: ['from', 'to', 'step', 'spanId'] },
        ),
        { maxLength: 3 },
      ),
      hops: count,
      cost: real,
      durationMs: real,
      error: fc.record({ code: text, message: fc.string() }),
    },
    { requiredKeys: ['id', 'title', 'tags', 'status', 'repeats', 'passedRepeats', 'findings'] },
  )
  .map((c) => ({ handoffs: [], hops: 0, cost: 0, durationMs: 0, ...c }));
const report = fc.record({
  schemaVersion: fc.constant(1 as const),
  suite: fc.record({ name: text, file: text, adapter: text }),
  startedAt: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  durationMs: real,
  repeat: fc.integer({ min: 1, max: 10 }),
  passed: fc.boolean(),
  summary: fc.record({
    cases: count,
    passed: count,
    failed: count,
    errored: count,
    byCode: fc.dictionary(code, count),
  }),
  metrics: fc.record({
    byCode: fc.dictionary(code, rate),
    confusion: fc.record({
      labels: fc.array(text, { maxLength: 4 }),
      counts: fc.dictionary(text, fc.dictionary(text, count)),
    }),
    hops: fc.record({ histogram: fc.dictionary(text, count), mean: real, max: count }),
    passRate: rate,
    passAllRepeats: rate,
    cost: real,
  }),
  gates: fc.array(fc.record({ name: text, threshold: text, actual: real, passed: fc.boolean() })),
  cases: fc.array(caseResult, { maxLength: 4 }),
  properties: fc.constant([]),
}) as fc.Arbitrary<RunReport>;

/** Shuffles key order at every level except inside finding data, which is kept as written. */
function shuffleKeys(v: unknown, next: () => number, key = ''): unknown {
  if (key === 'expected' || key === 'observed') return v;
  if (Array.isArray(v)) return v.map((x) => shuffleKeys(x, next));
  if (typeof v !== 'object' || v === null) return v;
  const entries = Object.entries(v);
  for (let i = entries.length - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [entries[i], entries[j]] = [entries[j] as [string, unknown], entries[i] as [string, unknown]];
  }
  return Object.fromEntries(entries.map(([k, x]) => [k, shuffleKeys(x, next, k)]));
}

/** A small deterministic source of numbers, so fast-check can replay a shuffle from its seed. */
function numbers(seed: number): () => number {
  let x = seed | 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
}

// Fields Baton does not know (a newer writer's, an odd key), which report.json keeps, sorted.
const extraKey = fc.constantFrom('zeta', 'alpha', '10', '9', '__proto__', 'valueOf', 'tally');
const extras = fc.dictionary(extraKey, fc.oneof(text, count), { maxKeys: 3 });
const oddCase = fc
  .tuple(caseResult, extras)
  .map(([c, more]) => Object.assign(JSON.parse(JSON.stringify(more)), c));

describe('renderJson', () => {
  it('writes the top-level keys in a fixed order, indented by two spaces', () => {
    const out = renderJson(regressedRun());

    expect(Object.keys(JSON.parse(out))).toEqual(TOP_KEYS);
    expect(out).toMatch(/^\{\n {2}"schemaVersion": 1,\n {2}"suite": \{\n {4}"name"/);
    expect(out.endsWith('}\n')).toBe(true);
  });

  it('does not depend on the key order of the report object', () => {
    for (const r of [regressedRun(), erroredRun(), repeatedRun()]) {
      expect(renderJson(reverseKeys(r) as RunReport)).toBe(renderJson(r));
    }
  });

  test.prop([report, fc.integer()], { numRuns: 200 })(
    'writes the same text whatever order the keys of the report are in',
    (r, seed) => {
      expect(renderJson(shuffleKeys(r, numbers(seed)) as RunReport)).toBe(renderJson(r));
    },
  );

  test.prop([oddCase, fc.integer()], { numRuns: 300 })(
    'writes a case as it stands in report order, already shaped or not',
    (c, seed) => {
      const written = caseJsonText(c as CaseResult);
      const shuffled = shuffleKeys(c, numbers(seed)) as CaseResult;
      // Read back, the case is in report order: written as it is, with no copy made.
      const back = JSON.parse(`${written}`) as CaseResult;

      expect(caseJsonText(shuffled)).toBe(written);
      expect(caseJsonText(back)).toBe(written);
      expect(renderJson({ ...regressedRun(), cases: [back] })).toBe(
        renderJson({ ...regressedRun(), cases: [shuffled] }),
      );
    },
  );

  it('keeps a label or field named __proto__ or valueOf as data', () => {
    const base = regressedRun();
    const labels = ['__proto__', 'valueOf', 'refunds'];
    const counts = JSON.parse('{"__proto__":{"valueOf":1},"valueOf":{"__proto__":2},"refunds":{}}');
    const odd = JSON.parse('{"__proto__":"kept"}') as Record<string, unknown>;
    const r = {
      ...base,
      metrics: { ...base.metrics, confusion: { labels, counts } },
      cases: [{ ...base.cases[0]!, ...odd }],
    } as RunReport;

    const back = JSON.parse(renderJson(r));

    expect(Object.getPrototypeOf(back.metrics.confusion.counts)).toBe(Object.prototype);
    expect(Object.keys(back.metrics.confusion.counts)).toEqual(labels);
    expect(
      Object.getOwnPropertyDescriptor(back.metrics.confusion.counts, '__proto__')?.value,
    ).toEqual({
      valueOf: 1,
    });
    expect(Object.hasOwn(back.cases[0], '__proto__')).toBe(true);
    expect(renderJson(parseReport(renderJson(r)))).toBe(renderJson(r));
  });

  it('keeps fields it does not know, after the known ones', () => {
    const out = renderJson({ ...regressedRun(), zeta: 1, alpha: 2 } as RunReport);

    expect(Object.keys(JSON.parse(out))).toEqual([...TOP_KEYS, 'alpha', 'zeta']);
  });

  it('renders an errored run', async () => {
    await expect(renderJson(maskVolatile(erroredRun()))).toMatchFileSnapshot(
      '__snapshots__/errored.json.snap',
    );
  });
});

describe('renderJsonChunks', () => {
  test.prop([report], { numRuns: 200 })(
    'writes the bytes renderJson writes, a case at a time',
    (r) => {
      expect([...renderJsonChunks(r)].join('')).toBe(renderJson(r));
    },
  );

  test.prop([report], { numRuns: 200 })(
    "copies the cases' texts given, as strings or UTF-8 bytes, to the same bytes",
    (r) => {
      const texts = r.cases.map(caseJsonText);
      const bytes = (pieces: Iterable<string | Uint8Array>) =>
        Buffer.concat([...pieces].map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
      const expected = Buffer.from(renderJson(r));
      expect(bytes(renderJsonChunks(r, texts)).equals(expected)).toBe(true);
      const encoded = texts.map((t) => Buffer.from(t));
      expect(bytes(renderJsonChunks(r, encoded)).equals(expected)).toBe(true);
    },
  );

  it('writes the fixture runs as renderJson does', () => {
    for (const r of [regressedRun(), erroredRun(), repeatedRun()]) {
      const pieces = [...renderJsonChunks({ ...r, zeta: 1 } as RunReport)];
      expect(pieces.join('')).toBe(renderJson({ ...r, zeta: 1 } as RunReport));
      expect(pieces.length).toBeGreaterThan(r.cases.length);
    }
  });
});

describe('parseReport', () => {
  test.prop([report], { numRuns: 200 })('reads back what renderJson wrote', (r) => {
    const written = renderJson(r);

    const read = parseReport(written);

    expect(read).toEqual(r);
    expect(renderJson(read)).toBe(written);
  });

  it('reads the version-1 fixture written before properties existed, in the key order renderJson writes', () => {
    const text = readFileSync(new URL('./fixtures/report-v1.json', import.meta.url), 'utf8');

    const read = parseReport(text, 'report-v1.json');

    expect(read.schemaVersion).toBe(1);
    expect(read.summary).toMatchObject({ cases: 8, passed: 5, failed: 3, errored: 0 });
    expect(read.cases.flatMap((c) => c.findings.map((f) => f.code))).toContain('handoff.late');
    expect(read.metrics.byCode['handoff.missed']?.count).toBe(1);
    expect(read.properties).toEqual([]);
    expect(JSON.stringify(JSON.parse(renderJson(read)))).toBe(
      JSON.stringify({ ...JSON.parse(text), properties: [] }),
    );
  });

  it('rejects an unknown schema version with a clear error', () => {
    const newer = errorOf(() => parseReport('{"schemaVersion": 2}', 'reports/a/report.json'));
    const older = errorOf(() => parseReport('{"schemaVersion": 0}'));

    expect(newer.code).toBe('file.unreadable');
    expect(newer.message).toBe(
      'Failed to read reports/a/report.json: schemaVersion 2 is not one this Baton reads (it reads 1). Upgrade Baton to read it.',
    );
    expect(older.message).toBe(
      'Failed to read report: schemaVersion 0 is not one this Baton reads (it reads 1). Re-run the suite to write a version-1 report.json.',
    );
  });

  it('rejects text that is not a report', () => {
    expect(errorOf(() => parseReport('{')).message).toMatch(
      /^Failed to read report: it is not valid JSON \(.+\)\. Pass a report\.json from baton run\.$/,
    );
    expect(errorOf(() => parseReport('[1]')).message).toBe(
      'Failed to read report: it holds a JSON array, not a report object. Re-run the suite to write a version-1 report.json.',
    );
    expect(errorOf(() => parseReport('{"cases": []}')).message).toBe(
      'Failed to read report: it has no schemaVersion, so it is not a Baton run report. Re-run the suite to write a version-1 report.json.',
    );
    const truncated = JSON.stringify({ ...regressedRun(), cases: undefined });
    expect(errorOf(() => parseReport(truncated)).message).toBe(
      'Failed to read report: `cases` should be an array, got undefined. The file may be truncated or edited. Re-run the suite to write a version-1 report.json.',
    );
    expect(errorOf(() => parseReport('{"schemaVersion": 1}')).message).toBe(
      'Failed to read report: `suite` should be an object, got undefined. The file may be truncated or edited. Re-run the suite to write a version-1 report.json.',
    );
  });
});
