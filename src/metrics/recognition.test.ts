import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { MatchCount } from '../model/report.ts';
import type { CaseRun } from './case-run.ts';
import { runWarnings, summarizeRecognition } from './recognition.ts';

function run(recognition: MatchCount[], status: CaseRun['status'] = 'pass'): CaseRun {
  return {
    status,
    findings: [],
    handoffs: [],
    opportunities: {},
    targets: [],
    durationMs: 1,
    ...(status !== 'error' && { recognition }),
  };
}

const rule = (spans: number): MatchCount => ({
  source: 'rule',
  name: 'name "Delegate work to coworker"',
  path: ['adapter', 'recognize', 0],
  spans,
});
const preset = (label: string, spans: number): MatchCount => ({
  source: 'preset',
  name: `crewai: ${label}`,
  path: ['adapter', 'recognize', 1],
  spans,
});
const steps = (spans: number): MatchCount => ({
  source: 'steps',
  name: 'customer_turns',
  path: ['adapter', 'steps'],
  spans,
});
const shape = (spans: number): MatchCount => ({ source: 'shape', name: 'OpenInference', spans });

const warn = (counts: MatchCount[][], strict = false) =>
  runWarnings({
    file: 'suites/crew.yaml',
    counts: summarizeRecognition(
      counts.map((c) => run(c)),
      (path) => (path[1] === 'steps' ? 12 : 14 + Number(path[2])),
    ),
    notes: [],
    expectedHandoffs: 1,
    observedHandoffs: 1,
    strict,
  });

describe('summarizeRecognition', () => {
  it('sums spans and counts the cases each entry matched in, with the suite line', () => {
    const counts = summarizeRecognition(
      [run([rule(2), shape(0)]), run([rule(0), shape(5)]), run([], 'error')],
      () => 9,
    );

    expect(counts).toEqual([
      {
        source: 'rule',
        name: 'name "Delegate work to coworker"',
        path: 'adapter.recognize[0]',
        line: 9,
        spans: 2,
        cases: 1,
        of: 2,
      },
      { source: 'shape', name: 'OpenInference', spans: 5, cases: 1, of: 2 },
    ]);
  });
});

describe('runWarnings', () => {
  it('warns about a rule and a step rule that matched no span in any case, at their lines', () => {
    expect(
      warn([
        [rule(0), steps(0), shape(3)],
        [rule(0), steps(0), shape(0)],
      ]),
    ).toEqual([
      {
        code: 'recognize.unmatched',
        severity: 'warning',
        file: 'suites/crew.yaml',
        line: 14,
        message:
          'rule adapter.recognize[0] (name "Delegate work to coworker") matched no span in any of the 2 cases judged',
        fix: 'compare the rule’s `name`/`attribute` with the span names and attributes in the export, or remove the rule',
      },
      {
        code: 'steps.unmatched',
        severity: 'warning',
        file: 'suites/crew.yaml',
        line: 12,
        message:
          'step rule customer_turns (adapter.steps) found no span to start a step in any of the 2 cases judged: each trace was judged as one step',
        fix: 'choose another `steps:` rule: customer_turns, agent_turns, root_children or { attribute: <key> }',
      },
    ]);
  });

  it('warns about a preset only when none of its rules matched', () => {
    const quiet = warn([[preset('Delegate', 0), preset('Ask', 0)]]);
    const busy = warn([[preset('Delegate', 3), preset('Ask', 0)]]);

    expect(quiet.map((w) => [w.code, w.message])).toEqual([
      [
        'recognize.unmatched',
        'preset crewai (adapter.recognize[1]) matched no span in the one case judged',
      ],
    ]);
    expect(busy).toEqual([]);
  });

  it('makes them errors under strict, and says nothing about silent built-in shapes', () => {
    expect(warn([[rule(0), shape(0)]], true).map((w) => w.severity)).toEqual(['error']);
    expect(warn([[shape(0)]], true)).toEqual([]);
  });

  it('explains a run in which nothing was recognised as a handoff while labels expect some', () => {
    const warnings = runWarnings({
      file: 's.yaml',
      counts: [],
      notes: [{ caseId: 'c', note: { code: 'window.past_end', message: 'cut' } }],
      expectedHandoffs: 4,
      observedHandoffs: 0,
      strict: true,
    });

    expect(warnings.map((w) => [w.code, w.severity, w.caseId])).toEqual([
      ['window.past_end', 'warning', 'c'],
      ['handoffs.unrecognized', 'warning', undefined],
    ]);
  });

  it('makes a note many cases share one warning, tied to a case only when one case had it', () => {
    const unread = { code: 'traces.unreadable', message: '2 place(s) in x.jsonl …' } as const;
    const warnings = runWarnings({
      file: 's.yaml',
      counts: [],
      notes: [
        { caseId: 'a', note: unread },
        { caseId: 'b', note: unread },
        { caseId: 'b', note: { code: 'window.past_end', message: 'cut' } },
      ],
      expectedHandoffs: 0,
      observedHandoffs: 0,
      strict: false,
    });

    expect(warnings.map((w) => [w.code, w.caseId])).toEqual([
      ['traces.unreadable', undefined],
      ['window.past_end', 'b'],
    ]);
  });

  test.prop([
    fc.array(fc.array(fc.nat({ max: 3 }), { minLength: 2, maxLength: 2 }), {
      minLength: 1,
      maxLength: 6,
    }),
  ])('a rule is warned about exactly when its spans sum to zero over the run', (perCase) => {
    const counts = perCase.map(([a = 0, b = 0]) => [rule(a), steps(b)]);
    const codes = warn(counts).map((w) => w.code);
    const total = (i: number) => perCase.reduce((n, c) => n + (c[i] ?? 0), 0);

    expect(codes.includes('recognize.unmatched')).toBe(total(0) === 0);
    expect(codes.includes('steps.unmatched')).toBe(total(1) === 0);
    expect(summarizeRecognition(counts.map((c) => run(c)))[0]?.spans).toBe(total(0));
  });
});
