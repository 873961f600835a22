import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { describeFinding } from '../checks/describe-finding.ts';
import { missingFact } from '../checks/missing-fact.ts';
import { expect_, labels } from '../checks/timeline-fixtures.ts';
import type { HandoffEvent } from '../model/timeline.ts';
import { normalize } from './normalize.ts';
import { spanRecord } from './span-fixtures.ts';
import type { SpanRecord } from './span-record.ts';

const span = (
  id: string,
  start: number,
  name: string,
  attributes: SpanRecord['attributes'],
  parentId?: string,
  traceId = 't1',
) => spanRecord(id, start, attributes, { parentId, name, traceId });
const input = (messages: readonly (readonly [string, string])[]) =>
  Object.fromEntries(
    messages.flatMap(([role, content], i) => [
      [`llm.input_messages.${i}.message.role`, role],
      [`llm.input_messages.${i}.message.content`, content],
    ]),
  );
const CALL = 'llm.output_messages.0.message.tool_calls.0.tool_call.function.';

/**
 * One Agents SDK turn as openinference-instrumentation-openai-agents exports it: Triage's model
 * calls the default handoff tool (no arguments), then Billing starts from what it was handed.
 */
function defaultHandoff(
  billingInput: readonly (readonly [string, string])[] | undefined,
  args?: string,
): SpanRecord[] {
  const triageCall = {
    'openinference.span.kind': 'LLM',
    ...input([['user', 'Invoice INV-412 shows a late fee.']]),
    [`${CALL}name`]: 'transfer_to_billing_agent',
    ...(args !== undefined && { [`${CALL}arguments`]: args }),
  };
  return [
    span('http', 0, 'POST /v1/chat', { 'http.request.method': 'POST' }),
    span('wf', 1, 'Support desk', { 'openinference.span.kind': 'AGENT' }, 'http'),
    span('tri', 2, 'Triage Agent', agent('Triage Agent'), 'wf'),
    span('r1', 3, 'response', triageCall, 'tri'),
    span('h', 5, 'handoff to Billing Agent', handoffAttrs, 'tri'),
    span('bil', 6, 'Billing Agent', agent('Billing Agent'), 'wf'),
    ...(billingInput
      ? [
          span(
            'r2',
            7,
            'response',
            { 'openinference.span.kind': 'LLM', ...input(billingInput) },
            'bil',
          ),
        ]
      : []),
  ];
}
const agent = (name: string) => ({
  'openinference.span.kind': 'AGENT',
  'agent.name': name,
  'graph.node.id': name,
});
const handoffAttrs = {
  'openinference.span.kind': 'TOOL',
  'input.value': 'Triage Agent',
  'output.value': 'Billing Agent',
};
const BILLING_INSTRUCTIONS = ['system', 'You handle invoices; escalate INV-999 disputes.'] as const;

function handoffOf(spans: readonly SpanRecord[]): HandoffEvent {
  const found = normalize(spans).events.find((e) => e.kind === 'handoff');
  if (found?.kind !== 'handoff') throw new Error('no handoff recognised');
  return found;
}

/** The missing-fact findings of the recognised handoff, labelled to carry `invoice_id`. */
function judge(spans: readonly SpanRecord[], invoice: string): string[] {
  const h = handoffOf(spans);
  const expected = expect_(h.from, h.to, h.step, { carry: { invoice_id: invoice } });
  return missingFact.run({ events: [h] }, labels([expected]), {}).map((f) => describeFinding(f));
}

describe('an OpenInference handoff is given the conversation its receiver started from', () => {
  it('records the receiver’s first model input, without its instructions, as the history', () => {
    const spans = defaultHandoff([
      BILLING_INSTRUCTIONS,
      ['user', 'Invoice INV-412 shows a late fee.'],
    ]);

    expect(handoffOf(spans)).toMatchObject({
      from: 'Triage Agent',
      to: 'Billing Agent',
      payload: {},
      history: [{ role: 'user', content: 'Invoice INV-412 shows a late fee.' }],
    });
  });

  it('counts a fact the customer said as carried by the SDK’s default handoff (no envelope)', () => {
    const spans = defaultHandoff([BILLING_INSTRUCTIONS, ['user', 'Invoice INV-412 is wrong.']]);

    expect(judge(spans, 'INV-412')).toEqual([]);
  });

  it('misses a fact only the receiver’s instructions hold, saying the conversation lacks it too', () => {
    const spans = defaultHandoff([BILLING_INSTRUCTIONS, ['user', 'Invoice INV-412 is wrong.']]);

    expect(judge(spans, 'INV-999')).toEqual([
      'Triage Agent → Billing Agent at step -1 did not carry invoice_id = INV-999 (it sent no envelope, and the conversation it handed over lacks it too)',
    ]);
  });

  it('judges an envelope alone, whatever the receiver was given', () => {
    const spans = defaultHandoff(
      [BILLING_INSTRUCTIONS, ['user', 'Invoice INV-412 is wrong.']],
      '{"reason":"late fee"}',
    );

    expect(judge(spans, 'INV-412')).toEqual([
      'Triage Agent → Billing Agent at step -1 did not carry invoice_id = INV-412 in its envelope (the conversation it handed over has it: an envelope is judged alone)',
    ]);
  });

  it('records no history when the receiver makes no model call in the trace', () => {
    const spans = defaultHandoff(undefined);

    expect(handoffOf(spans).history).toBeUndefined();
    expect(judge(spans, 'INV-412')).toEqual([
      'Triage Agent → Billing Agent at step -1 did not carry invoice_id = INV-412',
    ]);
  });

  it('reads neither a model call of another trace nor one that came before the handoff', () => {
    const later = span(
      'r9',
      50,
      'response',
      { 'openinference.span.kind': 'LLM', ...input([['user', 'INV-412 again, next turn']]) },
      'bil2',
      't2',
    );
    const other = span('bil2', 49, 'Billing Agent', agent('Billing Agent'), undefined, 't2');

    expect(handoffOf([...defaultHandoff(undefined), other, later]).history).toBeUndefined();
  });

  it('gives a GenAI transfer the input of the receiver’s first chat call', () => {
    const genAgent = (name: string) => ({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': name,
    });
    const chat = (text: string) => ({
      'gen_ai.operation.name': 'chat',
      'gen_ai.input.messages': JSON.stringify([
        { role: 'system', parts: [{ type: 'text', content: 'Be kind.' }] },
        { role: 'user', parts: [{ type: 'text', content: text }] },
      ]),
    });
    const spans = [
      span('tri', 0, 'invoke_agent Triage', genAgent('Triage')),
      span(
        'x',
        2,
        'execute_tool transfer_to_Billing',
        {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'transfer_to_Billing',
        },
        'tri',
      ),
      span('bil', 4, 'invoke_agent Billing', genAgent('Billing')),
      span('c', 5, 'chat', chat('Charged twice for INV-7'), 'bil'),
    ];

    expect(handoffOf(spans)).toMatchObject({
      from: 'Triage',
      to: 'Billing',
      history: [{ role: 'user', content: 'Charged twice for INV-7' }],
    });
  });

  const word = fc.constantFrom('INV-412', 'A-1001', 'late', 'fee', '750', 'refund', 'hello');
  const said = fc.array(
    fc.array(word, { maxLength: 4 }).map((w) => w.join(' ')),
    {
      maxLength: 4,
    },
  );
  test.prop([said, word, fc.option(word, { nil: undefined })])(
    'adding the receiver’s input never turns a carried fact into a missing one, and a fact in neither is missing',
    (messages, fact, inEnvelope) => {
      const args = inEnvelope === undefined ? undefined : JSON.stringify({ note: inEnvelope });
      const withInput = defaultHandoff(
        [BILLING_INSTRUCTIONS, ...messages.map((m) => ['user', m] as const)],
        args,
      );
      const without = defaultHandoff(undefined, args);

      const missingWith = judge(withInput, fact).length > 0;
      const missingWithout = judge(without, fact).length > 0;
      if (!missingWithout) expect(missingWith).toBe(false);
      const anywhere = [inEnvelope ?? '', ...messages].some((m) => m.split(' ').includes(fact));
      if (!anywhere) expect(missingWith).toBe(true);
    },
  );
});
