import { describe, expect, it } from 'vitest';
import type { Observation, RunOf, Transfer } from './observations.ts';
import { createUpdateMapper } from './update-mapper.ts';

const roster = { agents: ['triage', 'refunds'], persons: ['supervisor'] };
const human = (id: string, content: string) => ({ type: 'human', id, content });
const ai = (id: string, content: string, calls: object[] = []) => ({
  type: 'ai',
  id,
  name: 'triage',
  content,
  tool_calls: calls,
});
const asked = human('h1', 'Refund order A-1001.');
const checking = ai('a1', 'Checking the order.');

/** The runs the observer saw: each node's superstep and the state it read. */
function runs(seen: Record<string, { step: number; messages?: unknown[] }>): RunOf {
  return (node) => {
    const run = seen[node];
    if (run === undefined) return undefined;
    return { step: run.step, input: run.messages ? { messages: run.messages } : { ticket: {} } };
  };
}

const handoffsIn = (observations: readonly Observation[]): Transfer[] =>
  observations.flatMap((o) =>
    o.kind === 'move' ? [o.transfer] : o.kind === 'node' ? [...o.transfers] : [],
  );
const contents = (t: Transfer | undefined) =>
  t?.history?.map((m) => (m as { content: string }).content);

describe('createUpdateMapper: the conversation each handoff hands over', () => {
  it('gives a move the messages its receiver read, with what the sender wrote', () => {
    const mapper = createUpdateMapper(roster);
    const passing = ai('a2', 'Passing you to refunds.');
    const seen = runs({
      triage: { step: 1, messages: [asked] },
      refunds: { step: 2, messages: [asked, passing] },
    });
    mapper.beginTurn();

    mapper.consume({ triage: { messages: [passing] } }, undefined, seen);
    const [move] = handoffsIn(mapper.consume({ refunds: { messages: [] } }, undefined, seen));

    expect(move?.via).toBe('graph_node');
    expect(contents(move)).toEqual(['Refund order A-1001.', 'Passing you to refunds.']);
  });

  it('gives a transfer call the messages its sender read with its update merged in by id', () => {
    const mapper = createUpdateMapper(roster);
    const call = { name: 'transfer_to_refunds', args: {}, id: 'c1' };
    const receipt = { type: 'tool', id: 't1', name: 'transfer_to_refunds', content: 'Done.' };
    // A swarm agent writes its whole history back: the messages it read come again.
    const update = { messages: [asked, checking, ai('a2', '', [call]), receipt] };
    mapper.beginTurn();

    const out = mapper.consume(
      { triage: update },
      undefined,
      runs({ triage: { step: 1, messages: [asked, checking] } }),
    );

    expect(handoffsIn(out).map((t) => t.via)).toEqual(['tool_call']);
    expect(contents(handoffsIn(out)[0])).toEqual([
      'Refund order A-1001.',
      'Checking the order.',
      '',
      'Done.',
    ]);
  });

  it('gives an activeAgent change the messages its sender read and wrote', () => {
    const mapper = createUpdateMapper(roster);
    const seen = runs({ triage: { step: 1, messages: [asked] } });
    mapper.beginTurn();
    mapper.consume({ triage: { messages: [] } }, undefined, seen);
    mapper.beginTurn();

    const out = mapper.consume(
      { triage: { activeAgent: 'refunds', messages: [checking] } },
      undefined,
      seen,
    );

    expect(handoffsIn(out).map((t) => [t.via, contents(t)])).toEqual([
      ['active_agent', ['Refund order A-1001.', 'Checking the order.']],
    ]);
  });

  it('records no conversation for a graph without messages, or runs it did not see', () => {
    const unseen = createUpdateMapper(roster);
    const noMessages = createUpdateMapper(roster);
    const seen = runs({ triage: { step: 1 }, refunds: { step: 2 } });
    for (const m of [unseen, noMessages]) m.beginTurn();

    unseen.consume({ triage: { ticket: { order_id: 'A-1' } } });
    noMessages.consume({ triage: { ticket: { order_id: 'A-1' } } }, undefined, seen);
    const moves = [
      ...unseen.consume({ refunds: { ticket: {} } }),
      ...noMessages.consume({ refunds: { ticket: {} } }, undefined, seen),
    ];

    expect(handoffsIn(moves)).toHaveLength(2);
    expect(handoffsIn(moves).map((t) => t.history)).toEqual([undefined, undefined]);
  });

  it('gives a transfer that waits in interrupt() the messages its agent read', () => {
    const mapper = createUpdateMapper(roster);
    mapper.beginTurn();
    mapper.consume({ __interrupt__: [{ value: {} }] });

    const out = mapper.interruptedTransfers(
      [{ name: 'transfer_to_supervisor', input: '{}', callId: 'c9', agent: 'refunds' }],
      runs({ refunds: { step: 1, messages: [asked, checking] } }),
    );

    expect(handoffsIn(out).map((t) => [t.to, contents(t)])).toEqual([
      ['supervisor', ['Refund order A-1001.', 'Checking the order.']],
    ]);
  });

  it('gives a person node waiting in interrupt() the messages it read', () => {
    const mapper = createUpdateMapper(roster);
    const escalating = ai('a3', 'This needs the supervisor.');
    mapper.beginTurn();
    mapper.consume({ refunds: { messages: [escalating] } });
    mapper.consume({ __interrupt__: [{ value: {} }] });

    const out = mapper.waitingNodes(
      ['supervisor'],
      runs({ supervisor: { step: 2, messages: [asked, escalating] } }),
    );

    expect(handoffsIn(out).map((t) => [t.to, contents(t)])).toEqual([
      ['supervisor', ['Refund order A-1001.', 'This needs the supervisor.']],
    ]);
  });
});
