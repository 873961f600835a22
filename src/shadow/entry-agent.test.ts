import { describe, expect, it } from 'vitest';
import { handoff as handoffAt, turn as turnAt } from '../checks/timeline-fixtures.ts';
import type { Timeline, TimelineEvent } from '../model/timeline.ts';
import { entryAgent } from './entry-agent.ts';

const turn = (agent: string, at: number, end: number): TimelineEvent => turnAt(agent, 0, at, end);
const handoff = (from: string, to: string, at: number): TimelineEvent =>
  handoffAt(from, to, 0, { at, spanId: `h${at}` });
const tl = (...events: TimelineEvent[]): Timeline => ({
  events: [...events].sort((a, b) => a.at - b.at),
});
const NOBODY: ReadonlySet<string> = new Set();

describe('the entry agent of a live conversation', () => {
  it('passes over a workflow span that only wraps the agents, whatever the trace calls it', () => {
    const desk = tl(
      turn('Support_desk', 0, 100),
      turn('triage', 1, 40),
      handoff('triage', 'refunds', 30),
      turn('refunds', 41, 99),
    );

    expect(entryAgent(desk, NOBODY)).toEqual({ entry: 'triage', wrappers: ['Support_desk'] });
  });

  it('keeps an agent whose turn encloses another’s when it acts itself (a delegation as a call)', () => {
    const crew = tl(
      turn('lead', 0, 100),
      handoff('lead', 'researcher', 5),
      turn('researcher', 6, 50),
    );

    expect(entryAgent(crew, NOBODY)).toEqual({ entry: 'lead', wrappers: [] });
  });

  it('passes over people, and finds no entry where no agent acts', () => {
    const decided: TimelineEvent = {
      kind: 'decision',
      person: 'supervisor',
      decision: 'approve',
      at: 0,
      step: 0,
      spanId: 'd',
    };

    expect(entryAgent(tl(decided, turn('refunds', 1, 5)), new Set(['supervisor'])).entry).toBe(
      'refunds',
    );
    expect(entryAgent(tl(), NOBODY)).toEqual({ entry: undefined, wrappers: [] });
  });
});
