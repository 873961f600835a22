import { describe, expect, it } from 'vitest';
import type { ExpectedHandoff } from '../model/labelled-case.ts';
import { enabledChecks, runChecks } from './registry.ts';
import { expect_, handoff, labels, timeline } from './timeline-fixtures.ts';

/** A framework's automatic return of finished work (LangGraph createSupervisor's hand-back). */
const autoReturn = (from: string, to: string, step: number) =>
  handoff(from, to, step, { reason: 'hand_back', autoReturn: true });

/** A hand-back an agent chose itself, with the same reason (a swarm agent's `hand_back`). */
const chosenReturn = (from: string, to: string, step: number) =>
  handoff(from, to, step, { reason: 'hand_back' });

const routed = [expect_('supervisor', 'planner', 0), expect_('supervisor', 'coder', 0)];

function failures(
  expected: ExpectedHandoff[],
  events: Parameters<typeof timeline>,
  maxHops?: number,
): string[] {
  return runChecks(enabledChecks({}), timeline(...events), labels(expected, maxHops))
    .filter((f) => f.outcome !== 'pass')
    .map((f) => `${f.code}@${f.step}`);
}

describe("a framework's automatic return of a worker to its supervisor", () => {
  it('is the answer coming back: neither bounced nor unneeded when unlabelled', () => {
    const run = [
      handoff('supervisor', 'planner', 0),
      autoReturn('planner', 'supervisor', 0),
      handoff('supervisor', 'coder', 0),
      autoReturn('coder', 'supervisor', 0),
    ];

    expect(failures(routed, run)).toEqual([]);
  });

  it('is judged like any handoff when a label expects it', () => {
    const labelled = [
      expect_('supervisor', 'planner', 0),
      expect_('planner', 'supervisor', 1, { reason: 'hand_back' }),
    ];

    const run = [handoff('supervisor', 'planner', 0), autoReturn('planner', 'supervisor', 0)];

    expect(failures(labelled, run)).toEqual(['handoff.early@0']);
  });

  it('still shows the work came back: sending the same work out again is a bounce', () => {
    const run = [
      handoff('supervisor', 'planner', 0),
      autoReturn('planner', 'supervisor', 0),
      handoff('supervisor', 'coder', 0),
      autoReturn('coder', 'supervisor', 0),
      handoff('supervisor', 'coder', 0),
    ];

    expect(failures(routed, run)).toEqual(['handoff.bounced@0']);
  });

  it('is judged as usual when it goes to someone who did not send the work', () => {
    const run = [handoff('supervisor', 'planner', 0), autoReturn('planner', 'coder', 0)];

    expect(failures([expect_('supervisor', 'planner', 0)], run)).toEqual(['handoff.unneeded@0']);
  });

  it('never stands in for an expected handoff to someone else: that one is missed', () => {
    const escalation = [
      expect_('supervisor', 'refunds', 0),
      expect_('refunds', 'manager', 0, { reason: 'policy_gate' }),
    ];

    const run = [handoff('supervisor', 'refunds', 0), autoReturn('refunds', 'supervisor', 0)];

    expect(failures(escalation, run)).toEqual(['handoff.missed@0']);
  });

  it('is no handoff the sender made: an expectation it leaves unmet says the sender never handed off', () => {
    const run = [handoff('supervisor', 'refunds', 0), autoReturn('refunds', 'supervisor', 0)];
    const escalation = [
      expect_('supervisor', 'refunds', 0),
      expect_('refunds', 'manager', 0, { reason: 'policy_gate' }),
    ];

    const missed = runChecks(enabledChecks({}), timeline(...run), labels(escalation)).find(
      (f) => f.code === 'handoff.missed',
    );

    expect(missed?.message).toBe(
      'expected refunds → manager at step 0, but refunds never handed off',
    );
  });

  it('adds no hop', () => {
    const run = [
      handoff('supervisor', 'planner', 0),
      autoReturn('planner', 'supervisor', 0),
      handoff('supervisor', 'coder', 0),
      autoReturn('coder', 'supervisor', 0),
    ];

    expect(failures(routed, run, 2)).toEqual([]);
    expect(failures(routed, run, 1)).toEqual(['handoff.hops_exceeded@0']);
  });
});

describe('a hand-back an agent chose, with the same reason but no mark', () => {
  it('is still ping-pong (a swarm agent handing a refund back to the concierge)', () => {
    const run = [handoff('concierge', 'changes', 0), chosenReturn('changes', 'concierge', 0)];

    expect(failures([expect_('concierge', 'changes', 0)], run)).toEqual(['handoff.bounced@0']);
  });

  it('counts as a hop and can be a wrong target', () => {
    const run = [handoff('supervisor', 'refunds', 0), chosenReturn('refunds', 'supervisor', 0)];
    const escalation = [expect_('supervisor', 'refunds', 0), expect_('refunds', 'manager', 0)];

    expect(failures(escalation, run, 1)).toEqual([
      'handoff.wrong_target@0',
      'handoff.hops_exceeded@0',
    ]);
  });
});
