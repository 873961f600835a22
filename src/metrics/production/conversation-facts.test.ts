import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { bounce } from '../../checks/bounce.ts';
import { handoff as handoffAt, turn as turnAt } from '../../checks/timeline-fixtures.ts';
import type { Timeline, TimelineEvent } from '../../model/timeline.ts';
import { conversationFacts } from './conversation-facts.ts';

const NOBODY: ReadonlySet<string> = new Set();

const handoff = (from: string, to: string, at: number, extra = {}): TimelineEvent =>
  handoffAt(from, to, 0, { at, spanId: `h${at}`, ...extra });
const turn = (agent: string, at: number, end: number): TimelineEvent => turnAt(agent, 0, at, end);
const refund = (agent: string, at: number): TimelineEvent => ({
  kind: 'effect',
  effect: 'refund',
  key: 'A-1',
  outcome: 'committed',
  via: 'tool',
  agent,
  at,
  step: 0,
  spanId: `e${at}`,
});
const tl = (...events: TimelineEvent[]): Timeline => ({ events });

describe('ping-pong in the production metrics', () => {
  it('does not count finished work coming back: the receiver committed an effect, then handed back', () => {
    const done = tl(
      turn('triage', 0, 9),
      handoff('triage', 'refunds', 5),
      turn('refunds', 10, 30),
      refund('refunds', 20),
      handoff('refunds', 'triage', 25),
    );

    expect(conversationFacts({ timeline: done, persons: NOBODY }).bounced).toBe(0);
  });

  it('counts the same hand-back when the receiver did nothing first', () => {
    const bounced = tl(
      turn('triage', 0, 9),
      handoff('triage', 'billing', 5),
      turn('billing', 10, 30),
      handoff('billing', 'triage', 25),
    );

    expect(conversationFacts({ timeline: bounced, persons: NOBODY }).bounced).toBe(1);
  });

  it('counts a framework’s automatic return as no hop and no bounce, as a run does', () => {
    const supervised = tl(
      handoff('supervisor', 'math', 5),
      turn('math', 10, 20),
      handoff('math', 'supervisor', 21, { autoReturn: true }),
    );

    expect(conversationFacts({ timeline: supervised, persons: NOBODY })).toMatchObject({
      handoffs: 1,
      bounced: 0,
    });
  });

  const AGENTS = ['a', 'b', 'c'] as const;
  const event = fc.oneof(
    fc.record({
      kind: fc.constant('handoff' as const),
      from: fc.constantFrom(...AGENTS),
      to: fc.constantFrom(...AGENTS),
      autoReturn: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('turn' as const), agent: fc.constantFrom(...AGENTS) }),
    fc.record({ kind: fc.constant('effect' as const), agent: fc.constantFrom(...AGENTS) }),
  );

  test.prop([fc.array(fc.tuple(event, fc.integer({ min: 0, max: 1 })), { maxLength: 12 })])(
    'counts a conversation as ping-pong exactly when baton run’s bounce check, with nothing expected, finds a bounce',
    (drawn) => {
      const events = drawn.map(([e, step], i): TimelineEvent => {
        const at = i * 10;
        const base = { at, step, spanId: `x${i}` };
        if (e.kind === 'handoff')
          return { kind: 'handoff', from: e.from, to: e.to, ...base, autoReturn: e.autoReturn };
        if (e.kind === 'turn') return { kind: 'agent_turn', agent: e.agent, end: at + 5, ...base };
        return { ...refund(e.agent, at), step };
      });
      const timeline = tl(...events);

      const facts = conversationFacts({ timeline, persons: NOBODY });
      const run = bounce.run(timeline, { handoffs: [] }, {});

      expect(facts.bounced).toBe(run.length);
    },
  );
});
