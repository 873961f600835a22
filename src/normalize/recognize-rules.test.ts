import { describe, expect, it } from 'vitest';
import { RecognitionRule } from '../model/adapter-config.ts';
import { BUILT_IN_RECOGNIZERS, normalize } from './normalize.ts';
import { ruleRecognizer } from './recognize-rules.ts';
import { spanRecord } from './span-fixtures.ts';
import type { SpanRecord } from './span-record.ts';

function span(
  spanId: string,
  name: string,
  attributes: SpanRecord['attributes'],
  parentId?: string,
): SpanRecord {
  return spanRecord(spanId, 1, attributes, { parentId, name });
}

const handoffs = (rules: unknown[], spans: SpanRecord[]) => {
  const parsed = rules.map((r) => RecognitionRule.parse(r));
  return normalize(spans, [ruleRecognizer(parsed), ...BUILT_IN_RECOGNIZERS]).events.filter(
    (e) => e.kind === 'handoff',
  );
};

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

describe('ruleRecognizer', () => {
  it('reads a CrewAI delegation: target from the tool arguments, sender from the enclosing agent', () => {
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

  it('matches by attribute regex and reads names from the span name and attributes', () => {
    const rules = [
      {
        name: '/^route (\\w+)$/',
        attribute: { key: 'router.kind', value: '/^llm|rules$/' },
        handoff: { to: 'name', from: 'attr:router.owner', reason: 'attr:router.why' },
      },
    ];
    const spans = [
      span('a', 'route billing', {
        'router.kind': 'rules',
        'router.owner': 'triage',
        'router.why': 'policy_gate',
      }),
      span('b', 'route refunds', { 'router.kind': 'other', 'router.owner': 'triage' }),
      span('c', 'route', { 'router.kind': 'llm' }),
    ];

    expect(handoffs(rules, spans).map((h) => [h.from, h.to, h.reason])).toEqual([
      ['triage', 'billing', 'policy_gate'],
    ]);
  });

  it('leaves a span alone when the rule cannot find its target or sender', () => {
    const rules = [
      { name: 'Delegate work to coworker', handoff: { to: 'json:input.value:missing' } },
    ];

    expect(handoffs(rules, [lead, delegate])).toEqual([]);
  });

  it('refuses rules that would match every span or whose places do not parse', () => {
    expect(RecognitionRule.safeParse({ handoff: { to: 'attr:x' } }).success).toBe(false);
    expect(RecognitionRule.safeParse({ name: 'x', handoff: { to: 'input.value' } }).success).toBe(
      false,
    );
    expect(RecognitionRule.safeParse({ name: '/(/', handoff: { to: 'attr:x' } }).success).toBe(
      false,
    );
    expect(RecognitionRule.safeParse({ name: 'x', handoff: { to: 'name:(' } }).success).toBe(false);
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
