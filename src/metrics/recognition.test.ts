import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { MatchCount } from '../model/report.ts';
import type { CaseRun } from './case-run.ts';
import { RecognitionTally, runWarnings, summarizeRecognition } from './recognition.ts';

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

  it('advises on what the adapter that ran reads: a LangGraph graph’s nodes, not recognize: rules', () => {
    const fixOf = (adapterType: string) =>
      runWarnings({
        file: 's.yaml',
        counts: [],
        notes: [],
        expectedHandoffs: 2,
        observedHandoffs: 0,
        strict: false,
        adapterType,
      })[0]?.fix;

    expect(fixOf('langgraph')).toBe(
      'the langgraph adapter sees a handoff where the work moves between graph nodes named as the participants (or the app’s agents and persons), and in transfer_to_<name> tool calls: check that the node names match the cases’ participants (docs/adapters/langgraph.md)',
    );
    expect(fixOf('traces')).toContain('or add a `recognize:` rule for recorded traces');
    expect(fixOf('module')).toBe(
      'check that the spans follow a shape Baton knows (docs/conventions.md)',
    );
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

const tool = (spans: number, near?: string): MatchCount => ({
  source: 'tool',
  name: 'issue_paymnt',
  path: ['effects', 'tools', 0],
  spans,
  ...(near !== undefined && { near }),
});
const endpoint = (spans: number, near?: string): MatchCount => ({
  source: 'endpoint',
  name: 'refund',
  path: ['effects', 'endpoints', 0],
  spans,
  ...(near !== undefined && { near }),
});
const label = (spans: number, line: number, near?: string): MatchCount => ({
  source: 'label',
  name: 'refnud',
  spans,
  file: `cases/c${line}.yaml`,
  line,
  ...(near !== undefined && { near }),
});

describe('runWarnings for effect rules and labels', () => {
  const effectWarn = (counts: MatchCount[][], strict = false) =>
    runWarnings({
      file: 'suites/pay.yaml',
      counts: summarizeRecognition(
        counts.map((c) => run(c)),
        (path) => (path[1] === 'tools' ? 6 : 9),
      ),
      notes: [],
      expectedHandoffs: 0,
      observedHandoffs: 0,
      strict,
    });

  it('warns about a tool rule that matched no call in the whole run, with the like tool called', () => {
    expect(effectWarn([[tool(0)], [tool(0, 'issue_payment')]])).toEqual([
      {
        code: 'effects.unmatched',
        severity: 'warning',
        file: 'suites/pay.yaml',
        line: 6,
        message:
          'rule effects.tools[0] (tool issue_paymnt) matched no tool call in any of the 2 cases judged, while issue_payment was called',
        fix: 'did you mean issue_payment?',
      },
    ]);
    expect(effectWarn([[tool(0, 'issue_payment')], [tool(1)]])).toEqual([]);
  });

  it('warns about an endpoint that answered no request, naming a request that missed it', () => {
    const [w] = effectWarn([[endpoint(0, 'POST https://payments.test/refund')]]);

    expect(w).toEqual({
      code: 'effects.unmatched',
      severity: 'warning',
      file: 'suites/pay.yaml',
      line: 9,
      message:
        'endpoint effects.endpoints[0] (refund) answered no request in the one case judged, while POST https://payments.test/refund reached no endpoint (404)',
      fix: 'compare the endpoint’s method and url with POST https://payments.test/refund',
    });
    expect(effectWarn([[endpoint(2)]])).toEqual([]);
  });

  it('makes an unmatched rule an error under strict, when the run showed a like name', () => {
    expect(effectWarn([[tool(0, 'issue_payment')]], true).map((w) => w.severity)).toEqual([
      'error',
    ]);
  });

  it('says nothing of a rule that matched nothing when nothing like it happened either', () => {
    // An effect that must not happen, or a run of some cases only: matching nothing is right.
    expect(effectWarn([[tool(0), endpoint(0)]], true)).toEqual([]);
    expect(effectWarn([[tool(0), endpoint(0)]], false)).toEqual([]);
  });

  it('warns, at the first case that labels it, about an effect no rule produces and no labelling case had', () => {
    // Case 1 finishes first, case 0 is first in the run: the warning points at case 0's label.
    const counts = new RecognitionTally((path) => path.length);
    counts.add(run([label(0, 21, 'refund')]), 1);
    counts.add(run([label(0, 11)]), 0);

    const warnings = runWarnings({
      file: 'suites/pay.yaml',
      counts: counts.counts(),
      notes: [],
      expectedHandoffs: 0,
      observedHandoffs: 0,
      strict: true,
    });

    expect(warnings).toEqual([
      {
        code: 'effects.undeclared',
        severity: 'warning',
        file: 'cases/c11.yaml',
        line: 11,
        message:
          'no rule of the suite produces effect refnud, and no case that labels it had one: it must come from the implementation’s own spans (emitEffect)',
        fix: 'did you mean refund? Otherwise name the tool that makes it in the suite’s effects.tools (or its endpoint, for code Baton runs in its own process), or check that the implementation emits it with emitEffect',
      },
    ]);
  });

  it('says nothing about a label whose effect some labelling case had', () => {
    expect(effectWarn([[label(0, 11)], [label(1, 12)]])).toEqual([]);
  });
});
