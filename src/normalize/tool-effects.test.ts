import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { enabledChecks, runChecks } from '../checks/registry.ts';
import type { ToolEffectRule } from '../model/effects-config.ts';
import type { Timeline, TimelineEvent, ToolCallEvent } from '../model/timeline.ts';
import { effectKey, withToolEffects } from './tool-effects.ts';

let n = 0;
function call(
  tool: string,
  agent: string | undefined,
  args: unknown,
  extra: Partial<ToolCallEvent> = {},
): ToolCallEvent {
  n += 1;
  return {
    kind: 'tool_call',
    step: 0,
    at: n,
    spanId: `s${n}`,
    tool,
    ...(agent !== undefined && { agent }),
    ...(args !== undefined && { args }),
    outcome: 'ok',
    ...extra,
  };
}

/** A call whose outcome nothing recorded (a model's call read from OpenAI traffic). */
function withoutOutcome({ outcome: _, ...call }: ToolCallEvent): ToolCallEvent {
  return call;
}

const refund: ToolEffectRule = {
  tool: 'issue_refund',
  effect: 'refund',
  key: 'order_id',
  owner: 'refunds',
};

describe('withToolEffects', () => {
  it('an effect from a call of unknown outcome is committed, and says it is unsure', () => {
    const timeline: Timeline = {
      events: [
        withoutOutcome(call('issue_refund', 'refunds', { order_id: 'A-1' })),
        call('issue_refund', 'refunds', { order_id: 'A-2' }),
        call('issue_refund', 'refunds', { order_id: 'A-3' }, { outcome: 'error' }),
      ],
    };
    const effects = withToolEffects(timeline, [refund]).events.filter((e) => e.kind === 'effect');
    expect(effects.map((e) => [e.key, e.outcome, e.unsure])).toEqual([
      ['A-1', 'committed', true],
      ['A-2', 'committed', undefined],
      ['A-3', 'failed', undefined],
    ]);
  });

  it('an effect made in one of several tool calls run at once is marked as its call is', () => {
    const sideBySide = { batch: 'turn#0', lane: 'c1' };
    const timeline: Timeline = {
      events: [call('issue_refund', 'refunds', { order_id: 'A-1' }, { sideBySide })],
    };
    const effect = withToolEffects(timeline, [refund]).events.find((e) => e.kind === 'effect');
    expect(effect).toMatchObject({ effect: 'refund', key: 'A-1', sideBySide });
  });

  it('adds an effect after each call of a tool a rule names, keyed by the argument, by the caller', () => {
    const timeline: Timeline = {
      events: [
        call('lookup_order', 'triage', { order_id: 'A-1' }),
        call('issue_refund', 'refunds', { order_id: 'A-1', amount: 40 }),
      ],
    };

    const events = withToolEffects(timeline, [refund]).events;

    expect(events.map((e) => e.kind)).toEqual(['tool_call', 'tool_call', 'effect']);
    expect(events[2]).toMatchObject({
      kind: 'effect',
      effect: 'refund',
      key: 'A-1',
      agent: 'refunds',
      owner: 'refunds',
      outcome: 'committed',
      via: 'tool',
      spanId: events[1]?.spanId,
      at: events[1]?.at,
    });
  });

  it('makes a failed call a failed effect, and reads the default key and effect name', () => {
    const timeline: Timeline = {
      events: [call('send_email', 'refunds', { ticket_id: 'T-9', to: 'x' }, { outcome: 'error' })],
    };

    const [, effect] = withToolEffects(timeline, [{ tool: 'send_email' }]).events;

    expect(effect).toMatchObject({ effect: 'send_email', key: 'T-9', outcome: 'failed' });
  });

  it('returns the timeline itself when no rule applies', () => {
    const timeline: Timeline = { events: [call('lookup_order', 'triage', {})] };

    expect(withToolEffects(timeline, [])).toBe(timeline);
    expect(withToolEffects(timeline, [refund])).toBe(timeline);
  });

  it('gives the effect checks what they judge: the owner refunding once passes, anyone else is unowned', () => {
    const checks = enabledChecks({});
    const labels = { handoffs: [], effects: [{ effect: 'refund', key: 'A-1', times: 1 }] };
    const judge = (agent: string) =>
      runChecks(
        checks,
        withToolEffects({ events: [call('issue_refund', agent, { order_id: 'A-1' })] }, [refund]),
        labels,
      )
        .filter((f) => f.outcome === 'fail')
        .map((f) => f.code);

    expect(judge('refunds')).toEqual([]);
    expect(judge('triage')).toEqual(['effect.unowned']);
  });

  test.prop([
    fc.array(
      fc.record({
        tool: fc.constantFrom('issue_refund', 'lookup_order', 'send_email'),
        agent: fc.option(fc.constantFrom('triage', 'refunds'), { nil: undefined }),
        order: fc.constantFrom('A-1', 'A-2'),
        failed: fc.boolean(),
      }),
      { maxLength: 12 },
    ),
  ])('keeps every event in order and adds exactly one effect per named call', (calls) => {
    const events: TimelineEvent[] = calls.map((c) =>
      call(c.tool, c.agent, { order_id: c.order }, { outcome: c.failed ? 'error' : 'ok' }),
    );

    const out = withToolEffects({ events }, [refund]).events;

    expect(out.filter((e) => e.kind !== 'effect')).toEqual(events);
    const refunds = calls.filter((c) => c.tool === 'issue_refund');
    const effects = out.filter((e) => e.kind === 'effect');
    expect(effects).toHaveLength(refunds.length);
    for (const [i, e] of effects.entries()) {
      const c = refunds[i]!;
      expect(e).toMatchObject({ key: c.order, outcome: c.failed ? 'failed' : 'committed' });
      expect(out[out.indexOf(e) - 1]?.spanId).toBe(e.spanId);
    }
  });
});

describe('effectKey', () => {
  it('reads a dotted path, else the first id argument, else ?', () => {
    expect(effectKey({ refund: { order: 7 } }, 'refund.order')).toBe('7');
    expect(effectKey({ amount: 1, customer_id: 'C-1', order_id: 'A-1' })).toBe('C-1');
    expect(effectKey({ amount: 1 })).toBe('?');
    expect(effectKey('not json', 'order_id')).toBe('?');
  });
});
