import { context } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { createCapture } from '../capture/capture.ts';
import { normalize } from '../normalize/normalize.ts';
import { emitHandoff, emitToolCall, withAgentTurn, withToolCall } from './conventions.ts';

const capture = createCapture();

describe('emitHandoff', () => {
  it('marks a framework’s automatic return only when asked to', () => {
    const scope = capture.open('auto-return', 0);

    context.with(scope.context, () => {
      emitHandoff({ from: 'supervisor', to: 'coder' });
      emitHandoff({ from: 'coder', to: 'supervisor', reason: 'hand_back', autoReturn: true });
    });
    const handoffs = normalize(scope.close()).events.flatMap((e) =>
      e.kind === 'handoff' ? [[e.from, e.to, e.autoReturn]] : [],
    );

    expect(handoffs).toEqual([
      ['supervisor', 'coder', undefined],
      ['coder', 'supervisor', true],
    ]);
  });

  it('writes the conversation handed over as history, read back as the handoff event’s', () => {
    const scope = capture.open('history', 0);
    const history = [{ role: 'user', content: 'Order A-1001, it was 40 euro.' }];

    context.with(scope.context, () => {
      emitHandoff({ from: 'supervisor', to: 'refunds', history });
      emitHandoff({ from: 'refunds', to: 'supervisor', history: 'refunded A-1001' });
    });
    const histories = normalize(scope.close()).events.flatMap((e) =>
      e.kind === 'handoff' ? [e.history] : [],
    );

    expect(histories).toEqual([history, 'refunded A-1001']);
  });
});

describe('tool calls from the conventions entry', () => {
  it('records a tool call, emitted or wrapped, by the agent of the enclosing turn', async () => {
    const scope = capture.open('tools', 0);

    await context.with(scope.context, () =>
      withAgentTurn('refunds', async () => {
        emitToolCall({ tool: 'lookup_order', args: { order_id: 'A-1' }, outcome: 'ok' });
        await withToolCall({ tool: 'issue_refund', args: { order_id: 'A-1' } }, async () => 'ok');
      }),
    );
    const calls = normalize(scope.close()).events.flatMap((e) =>
      e.kind === 'tool_call' ? [[e.tool, e.agent]] : [],
    );

    expect(calls).toEqual([
      ['lookup_order', 'refunds'],
      ['issue_refund', 'refunds'],
    ]);
  });
});
