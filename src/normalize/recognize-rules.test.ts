import { describe, expect, it } from 'vitest';
import { RecognitionRule } from '../model/adapter-config.ts';
import type { TimelineEvent } from '../model/timeline.ts';
import { BUILT_IN_RECOGNIZERS, normalize } from './normalize.ts';
import { compileRules } from './recognize-rules.ts';
import { spanRecord } from './span-fixtures.ts';
import { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

function span(
  spanId: string,
  name: string,
  attributes: SpanRecord['attributes'],
  parentId?: string,
  start = 1,
): SpanRecord {
  return spanRecord(spanId, start, attributes, { parentId, name, durationMs: 50 });
}

const parse = (rules: unknown[]) => rules.map((r) => RecognitionRule.parse(r));

const events = (rules: unknown[], spans: SpanRecord[]): readonly TimelineEvent[] =>
  normalize(spans, [compileRules(parse(rules)).recognizer, ...BUILT_IN_RECOGNIZERS]).events;

const handoffs = (rules: unknown[], spans: SpanRecord[]) =>
  events(rules, spans).filter((e) => e.kind === 'handoff');

const lead = span('lead', 'Support Lead.task.execute', {
  'openinference.span.kind': 'AGENT',
  'graph.node.id': 'Support Lead',
});
const delegate = span(
  'd',
  'Delegate work to coworker',
  {
    'openinference.span.kind': 'TOOL',
    'tool.name': 'Delegate work to coworker',
    'input.value': '{"task":"Refund A-1001","coworker":"Refund Specialist"}',
  },
  'lead',
);

describe('recognition rules', () => {
  it('read a delegation: target from the tool arguments, sender from the enclosing agent', () => {
    const [h] = handoffs(
      [
        {
          name: 'Delegate work to coworker',
          handoff: {
            to: 'json:input.value:coworker',
            payload: 'attr:input.value',
            reason: 'delegation',
          },
        },
      ],
      [lead, delegate],
    );

    expect(h).toMatchObject({
      from: 'Support Lead',
      to: 'Refund Specialist',
      reason: 'delegation',
      payload: { task: 'Refund A-1001', coworker: 'Refund Specialist' },
    });
  });

  it('match by attribute regex (all listed attributes) and read names from the span name', () => {
    const rules = [
      {
        name: '/^route (\\w+)$/',
        attribute: [
          { key: 'router.kind', value: '/^llm|rules$/' },
          { key: 'router.final', value: 'true' },
        ],
        handoff: { to: 'name', from: 'attr:router.owner', reason: 'attr:router.why' },
      },
    ];
    const spans = [
      span('a', 'route billing', {
        'router.kind': 'rules',
        'router.final': true,
        'router.owner': 'triage',
        'router.why': 'policy_gate',
      }),
      span('b', 'route refunds', { 'router.kind': 'rules', 'router.owner': 'triage' }),
      span('c', 'route people', { 'router.kind': 'other', 'router.final': true }),
    ];

    expect(handoffs(rules, spans).map((h) => [h.from, h.to, h.reason])).toEqual([
      ['triage', 'billing', 'policy_gate'],
    ]);
  });

  it('give a fixed target with `{ value }`: an escalation span that names no receiver', () => {
    const rules = [
      { name: 'escalate', handoff: { to: { value: 'human' }, reason: { value: 'policy_gate' } } },
    ];
    const spans = [lead, span('e', 'escalate', {}, 'lead')];

    expect(handoffs(rules, spans).map((h) => [h.from, h.to, h.reason])).toEqual([
      ['Support Lead', 'human', 'policy_gate'],
    ]);
  });

  it('read a list of places in order, the first that finds a value: CrewAI’s co_worker too', () => {
    const crew = span('crew', 'Crew.kickoff', {
      'openinference.span.kind': 'CHAIN',
      crew_agents: '[{"role": "Support Lead"}, {"role": "Refund Specialist"}]',
    });
    const agent = { ...lead, parentId: 'crew' };
    const legacy = span(
      'd',
      'Delegate work to coworker.run',
      {
        'openinference.span.kind': 'TOOL',
        'tool.name': 'Delegate work to coworker',
        'input.value': '{"task":"Refund A-1001","co_worker":"refund specialist"}',
      },
      'lead',
    );
    const to = (rules: unknown[]) => handoffs(rules, [crew, agent, legacy]).map((h) => h.to);

    expect(to([{ preset: 'crewai' }])).toEqual(['Refund Specialist']);
    expect(
      to([
        {
          name: 'Delegate work to coworker.run',
          handoff: { to: ['attr:nowhere', { value: 'x' }] },
        },
      ]),
    ).toEqual(['x']);
    expect(
      to([{ name: 'Delegate work to coworker.run', handoff: { to: ['attr:a', 'attr:b'] } }]),
    ).toEqual([]);
  });

  it('leave a span alone when the rule cannot find its target', () => {
    const rules = [
      { name: 'Delegate work to coworker', handoff: { to: 'json:input.value:missing' } },
    ];

    expect(handoffs(rules, [lead, delegate])).toEqual([]);
  });

  it('recognise an effect: name, key from the arguments, agent acting at the span, owner', () => {
    const refund = span(
      'r',
      'issue_refund.run',
      { 'tool.name': 'issue_refund', 'input.value': '{"order_id":"A-1001","amount":750}' },
      'lead',
    );
    const rules = [
      {
        attribute: { key: 'tool.name', value: 'issue_refund' },
        effect: { name: 'refund', key: 'json:input.value:order_id', owner: { value: 'refunds' } },
      },
    ];

    expect(events(rules, [lead, refund]).find((e) => e.kind === 'effect')).toMatchObject({
      effect: 'refund',
      key: 'A-1001',
      agent: 'Support Lead',
      owner: 'refunds',
      outcome: 'committed',
      via: 'span',
    });
  });

  it('make a span that ended in error a failed effect, unless its outcome place says otherwise', () => {
    const call = (id: string, status: 'ok' | 'error') => ({
      ...span(
        id,
        'issue_refund.run',
        {
          'tool.name': 'issue_refund',
          'input.value': '{"order_id":"A-1001"}',
          'pay.result': 'committed',
        },
        'lead',
      ),
      status,
    });
    const rule = { attribute: { key: 'tool.name', value: 'issue_refund' } };
    const effect = { name: 'refund', key: 'json:input.value:order_id' };
    const outcomes = (r: unknown) =>
      events([r], [lead, call('r1', 'error'), call('r2', 'ok')]).flatMap((e) =>
        e.kind === 'effect' ? [e.outcome] : [],
      );

    expect(outcomes({ ...rule, effect })).toEqual(['failed', 'committed']);
    expect(outcomes({ ...rule, effect: { ...effect, outcome: 'attr:pay.result' } })).toEqual([
      'committed',
      'committed',
    ]);
  });

  it('say who acts inside a delegation that is a call, and when and with what it returned', () => {
    // Wrapper mode: no agent span for the coworker; its tool calls sit under the delegation.
    const call = span(
      'd',
      delegate.name,
      { ...delegate.attributes, 'output.value': 'Done.' },
      'lead',
    );
    const refund = span(
      'r',
      'issue_refund.run',
      { 'tool.name': 'issue_refund', 'input.value': '{"order_id":"A-1"}' },
      'd',
      10,
    );
    const rules = compileRules(
      parse([
        {
          attribute: { key: 'tool.name', value: 'Delegate work to coworker' },
          handoff: { to: 'json:input.value:coworker', returns: 'attr:output.value' },
        },
        { name: 'issue_refund.run', effect: { name: 'refund', key: 'json:input.value:order_id' } },
      ]),
    );
    const index = new SpanIndex([lead, call, refund]);

    expect(rules.match(call, index)).toMatchObject({
      rule: 0,
      actor: 'Refund Specialist',
      returned: { by: 'Refund Specialist', to: 'Support Lead', at: call.end, answer: 'Done.' },
    });
    expect(rules.match(refund, index)?.event).toMatchObject({
      kind: 'effect',
      agent: 'Refund Specialist',
    });
  });

  it('recognise a question to a coworker, not a handoff', () => {
    const ask = span(
      'q',
      'Ask question to coworker.run',
      {
        'tool.name': 'Ask question to coworker',
        'input.value': '{"question":"Which order?","context":"refund","coworker":"Billing"}',
      },
      'lead',
    );
    const rules = [
      { name: '/^Ask question/', question: { to: 'json:input.value:coworker', returns: true } },
    ];

    const found = events(rules, [lead, ask]);

    expect(found.filter((e) => e.kind === 'handoff')).toEqual([]);
    expect(found.find((e) => e.kind === 'question')).toMatchObject({
      by: 'Support Lead',
      to: 'Billing',
      fields: [],
    });
  });

  it('count in `origins` one entry per rule, a preset as its rules in its place', () => {
    const rules = compileRules(
      parse([{ name: 'x', handoff: { to: 'attr:to' } }, { preset: 'crewai' }]),
    );

    expect(rules.origins).toEqual([
      { index: 0, label: 'name "x"' },
      { index: 1, preset: 'crewai', label: 'Delegate work to coworker' },
      { index: 1, preset: 'crewai', label: 'Ask question to coworker' },
    ]);
  });
});

describe('recognition rule validation', () => {
  const ok = (rule: unknown) => RecognitionRule.safeParse(rule).success;

  it('refuses rules that would match every span, places that do not parse and bare names', () => {
    expect(ok({ handoff: { to: 'attr:x' } })).toBe(false);
    expect(ok({ name: 'x', handoff: { to: 'input.value' } })).toBe(false);
    expect(ok({ name: 'x', handoff: { to: 'human' } })).toBe(false);
    expect(ok({ name: '/(/', handoff: { to: 'attr:x' } })).toBe(false);
    expect(ok({ name: 'x', handoff: { to: 'name:(' } })).toBe(false);
    expect(ok({ name: 'x', handoff: { to: 'attr:x', reason: 'Policy Gate' } })).toBe(false);
    expect(ok({ preset: 'crewia' })).toBe(false);
  });

  it('accepts fixed values, attribute lists, effects, questions and presets', () => {
    expect(ok({ name: 'x', handoff: { to: { value: 'human' } } })).toBe(true);
    expect(ok({ attribute: [{ key: 'a', value: 'b' }], question: {} })).toBe(true);
    expect(ok({ name: 'x', effect: { name: 'refund', key: 'attr:order' } })).toBe(true);
    expect(ok({ preset: 'crewai' })).toBe(true);
  });
});

describe('user regexes are matched in linear time (RE2)', () => {
  it('a catastrophic pattern on a long span name answers at once instead of hanging the run', () => {
    // With a backtracking engine `(a+)+$` on 5,000 a's and a b takes longer than the universe.
    const name = `${'a'.repeat(5000)}b`;
    const rules = [{ name: '/^(a+)+$/', handoff: { to: 'attr:to', from: 'attr:from' } }];
    const found = handoffs(rules, [span('x', name, { to: 'refunds', from: 'triage' })]);
    expect(found).toEqual([]);
  });

  it('still captures groups and honours the i flag', () => {
    const rules = [{ name: '/^TRANSFER_TO_(\\w+)$/i', handoff: { to: 'name', from: 'attr:from' } }];
    const found = handoffs(rules, [span('x', 'transfer_to_refunds', { from: 'triage' })]);
    expect(found.map((h) => h.kind === 'handoff' && [h.from, h.to])).toEqual([
      ['triage', 'refunds'],
    ]);
  });

  it('refuses, at validation, patterns RE2 cannot run in linear time (backreferences)', () => {
    const rule = { name: '/(a)\\1/', handoff: { to: 'attr:to' } };
    const parsed = RecognitionRule.safeParse(rule);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('RE2 syntax');
  });
});
