import { describe, expect, it } from 'vitest';
import type { RecordedTurn } from './fixtures/recorded.ts';
import supervisorTurns from './fixtures/supervisor-updates.json' with { type: 'json' };
import swarmTurns from './fixtures/swarm-updates.json' with { type: 'json' };
import type { Observation, Transfer, UpdateMapper } from './observations.ts';
import { createUpdateMapper } from './update-mapper.ts';

/** Observations written as lines: `turn refunds (accepted from triage)`, `triage → refunds …`. */
function lines(observations: readonly Observation[]): string[] {
  const line = (t: Transfer) =>
    `${t.from} → ${t.to} [${t.targetKind}, ${t.via}${t.reason ? `, ${t.reason}` : ''}${t.autoReturn ? ', auto' : ''}]`;
  return observations.flatMap((o) => {
    if (o.kind === 'interrupt') return ['interrupt'];
    if (o.kind === 'move') return [line(o.transfer)];
    const head =
      o.role === 'agent'
        ? [`turn ${o.node}${o.acceptedFrom ? ` (accepted from ${o.acceptedFrom})` : ''}`]
        : [];
    return [...head, ...o.transfers.map(line)];
  });
}

/** Replays recorded turns through one mapper, a graph turn each: the lines each step produced. */
function replay(
  mapper: UpdateMapper,
  turns: readonly RecordedTurn[],
  ran?: (callId: string) => boolean,
): string[][] {
  return turns.map((turn) => {
    mapper.beginTurn();
    return turn.chunks.flatMap((chunk) => lines(mapper.consume(chunk, ran)));
  });
}

const ai = (name: string, calls: { name: string; args?: object; id?: string }[], id?: string) => ({
  type: 'ai',
  name,
  ...(id !== undefined && { id }),
  content: '',
  tool_calls: calls.map((c) => ({ args: {}, ...c })),
});

describe('createUpdateMapper on recorded swarm updates', () => {
  const roster = { agents: ['triage', 'refunds', 'billing'], persons: ['supervisor'] };

  it('maps agent nodes to turns, transfer calls to handoffs, and the person node’s hand-back', () => {
    const mapper = createUpdateMapper(roster);

    const steps = replay(mapper, swarmTurns as RecordedTurn[]);

    expect(steps).toEqual([
      [
        'turn triage',
        'triage → refunds [agent, tool_call, capability_boundary]',
        'turn refunds (accepted from triage)',
      ],
      ['turn refunds', 'refunds → supervisor [person, tool_call, policy_gate]', 'interrupt'],
      [
        'supervisor → refunds [agent, tool_call, person_decision]',
        'turn refunds (accepted from supervisor)',
      ],
      ['turn refunds'],
    ]);
  });

  it('carries the transfer call’s arguments as the payload', () => {
    const mapper = createUpdateMapper(roster);
    const [first, second] = (swarmTurns as RecordedTurn[]).map((turn) =>
      turn.chunks.flatMap((chunk) => mapper.consume(chunk)),
    );

    const transfers = [...(first ?? []), ...(second ?? [])].flatMap((o) =>
      o.kind === 'node' ? o.transfers : [],
    );

    expect(transfers.map((t) => t.payload)).toEqual([
      expect.objectContaining({ order_id: 'A-1002', reason: 'capability_boundary' }),
      expect.objectContaining({ order_id: 'A-1002', amount: 750, reason: 'policy_gate' }),
    ]);
  });

  it('is interrupted after the escalation and resumed by the person step', () => {
    const mapper = createUpdateMapper(roster);
    const states: [boolean, string | undefined][] = [];

    for (const turn of swarmTurns as RecordedTurn[]) {
      for (const chunk of turn.chunks) mapper.consume(chunk);
      states.push([mapper.interrupted, mapper.current]);
    }

    expect(states).toEqual([
      [false, 'refunds'],
      [true, 'supervisor'],
      [false, 'refunds'],
      [false, 'refunds'],
    ]);
  });
});

describe('createUpdateMapper on recorded supervisor updates', () => {
  it('maps the supervisor’s transfers and each worker’s transfer_back as hand-backs', () => {
    const mapper = createUpdateMapper({
      agents: ['dispatcher', 'refunds', 'billing'],
      persons: [],
    });

    const steps = replay(mapper, supervisorTurns as RecordedTurn[]);

    expect(steps).toEqual([
      [
        'turn dispatcher',
        'dispatcher → refunds [agent, tool_call, capability_boundary]',
        'turn refunds (accepted from dispatcher)',
        'refunds → dispatcher [agent, tool_call, hand_back]',
        'turn dispatcher (accepted from refunds)',
      ],
      [
        'turn dispatcher',
        'dispatcher → billing [agent, tool_call, capability_boundary]',
        'turn billing (accepted from dispatcher)',
        'billing → dispatcher [agent, tool_call, hand_back]',
        'turn dispatcher (accepted from billing)',
      ],
    ]);
  });
});

describe('createUpdateMapper: createSupervisor’s automatic hand-back', () => {
  const roster = { agents: ['dispatcher', 'refunds', 'billing'], persons: [] };
  /** The pair of messages a hand-back writes: the call, and the tool message answering it. */
  const handBack = (id: string, extra: { args?: object; metadata?: object } = {}) => [
    {
      ...ai('refunds', [{ name: 'transfer_back_to_dispatcher', id, args: extra.args ?? {} }]),
      ...(extra.metadata && { response_metadata: extra.metadata }),
    },
    { type: 'tool', name: 'transfer_back_to_dispatcher', content: 'ok', tool_call_id: id },
  ];
  const noToolRan = () => false;

  it('marks each worker’s return in the recorded supervisor run: no tool ran for it', () => {
    const mapper = createUpdateMapper(roster);

    const steps = replay(mapper, supervisorTurns as RecordedTurn[], noToolRan);

    expect(steps.flat().filter((line) => line.includes('→'))).toEqual([
      'dispatcher → refunds [agent, tool_call, capability_boundary]',
      'refunds → dispatcher [agent, tool_call, hand_back, auto]',
      'dispatcher → billing [agent, tool_call, capability_boundary]',
      'billing → dispatcher [agent, tool_call, hand_back, auto]',
    ]);
  });

  it('does not mark a transfer_back call a model made: its tool ran', () => {
    const mapper = createUpdateMapper(roster);

    const out = mapper.consume({ refunds: { messages: handBack('c1') } }, (id) => id === 'c1');

    expect(lines(out)).toEqual([
      'turn refunds',
      'refunds → dispatcher [agent, tool_call, hand_back]',
    ]);
  });

  it('does not mark a return when no one said which tools ran, or whose call carries arguments', () => {
    const unobserved = createUpdateMapper(roster).consume({
      refunds: { messages: handBack('c1') },
    });
    const withArgs = createUpdateMapper(roster).consume(
      { refunds: { messages: handBack('c2', { args: { reason: 'hand_back' } }) } },
      noToolRan,
    );

    expect([...lines(unobserved), ...lines(withArgs)]).toEqual([
      'turn refunds',
      'refunds → dispatcher [agent, tool_call, hand_back]',
      'turn refunds',
      'refunds → dispatcher [agent, tool_call, hand_back]',
    ]);
  });

  it('does not mark a call whose answer is not in the same update', () => {
    const [call] = handBack('c1');

    const out = createUpdateMapper(roster).consume({ refunds: { messages: [call] } }, noToolRan);

    expect(lines(out)).toEqual([
      'turn refunds',
      'refunds → dispatcher [agent, tool_call, hand_back]',
    ]);
  });

  it('marks a hand-back flagged __is_handoff_back in its response metadata as it stands', () => {
    const flagged = handBack('c1', { metadata: { __is_handoff_back: true } });

    const out = createUpdateMapper(roster).consume({ refunds: { messages: flagged } });

    expect(lines(out)).toEqual([
      'turn refunds',
      'refunds → dispatcher [agent, tool_call, hand_back, auto]',
    ]);
  });
});

describe('createUpdateMapper on hand-made updates', () => {
  const roster = { agents: ['triage', 'Refund Agent'], persons: ['supervisor'] };

  it('reads an activeAgent change that no transfer call explains as a handoff', () => {
    const mapper = createUpdateMapper(roster);
    mapper.consume({ triage: { messages: [] } });

    const out = mapper.consume({ router: { activeAgent: 'Refund Agent' } });

    expect(lines(out)).toEqual(['triage → Refund Agent [agent, active_agent]']);
    expect(mapper.current).toBe('Refund Agent');
  });

  it('hands over what else the update writes to the state as the payload of an activeAgent change', () => {
    const mapper = createUpdateMapper(roster);
    mapper.consume({ triage: { messages: [] } });

    const out = mapper.consume({
      triage: {
        activeAgent: 'Refund Agent',
        handoff: { order_id: 'A-1001', amount: 120 },
        messages: [],
      },
    });

    const transfer = out.flatMap((o) => (o.kind === 'node' ? o.transfers : []))[0];
    expect(transfer).toMatchObject({
      via: 'active_agent',
      payload: { handoff: { order_id: 'A-1001', amount: 120 } },
    });
  });

  it('does not double a transfer call by the activeAgent it sets', () => {
    const mapper = createUpdateMapper(roster);

    const out = mapper.consume({
      triage: {
        messages: [ai('triage', [{ name: 'transfer_to_refund_agent', id: 'c1' }])],
        activeAgent: 'Refund Agent',
      },
    });

    expect(lines(out)).toEqual(['turn triage', 'triage → Refund Agent [agent, tool_call]']);
  });

  it('counts each tool call once, though swarm updates repeat the whole history', () => {
    const mapper = createUpdateMapper(roster);
    const call = ai('triage', [{ name: 'transfer_to_supervisor', id: 'c1' }]);

    const first = mapper.consume({ triage: { messages: [call] } });
    const again = mapper.consume({ triage: { messages: [call] } });

    expect(lines(first)).toEqual(['turn triage', 'triage → supervisor [person, tool_call]']);
    expect(lines(again)).toEqual(['turn triage']);
  });

  it('tells calls without ids apart by message id and position', () => {
    const mapper = createUpdateMapper(roster);
    const message = ai('triage', [{ name: 'transfer_to_supervisor' }], 'm1');

    const first = mapper.consume({ triage: { messages: [message] } });
    const again = mapper.consume({ triage: { messages: [message] } });

    expect(first.flatMap((o) => (o.kind === 'node' ? o.transfers : []))).toHaveLength(1);
    expect(again.flatMap((o) => (o.kind === 'node' ? o.transfers : []))).toHaveLength(0);
  });

  it('ignores other tools, keeps unknown transfer targets as named, and reads a single message', () => {
    const mapper = createUpdateMapper(roster);

    const out = mapper.consume({
      triage: {
        messages: ai('triage', [
          { name: 'order_lookup', id: 'c1' },
          { name: 'transfer_to_legal', id: 'c2', args: { reason: 'legal_threat' } },
        ]),
      },
    });

    expect(lines(out)).toEqual(['turn triage', 'triage → legal [agent, tool_call, legal_threat]']);
  });

  it('credits a call in a node that is no participant to the agent that wrote it', () => {
    const mapper = createUpdateMapper(roster);

    const out = mapper.consume({
      wrapper: { messages: [ai('triage', [{ name: 'transfer_to_supervisor', id: 'c1' }])] },
    });

    expect(lines(out)).toEqual(['triage → supervisor [person, tool_call]']);
  });

  it('ignores chunks that are not node updates', () => {
    const mapper = createUpdateMapper(roster);

    expect(mapper.consume([['ns'], { triage: {} }])).toEqual([]);
    expect(mapper.consume(null)).toEqual([]);
    expect(mapper.consume({ other: { count: 1 } })).toEqual([]);
  });
});

describe('createUpdateMapper: work moving between participant nodes', () => {
  const roster = { agents: ['triage', 'refunds'], persons: ['supervisor'] };
  const said = (name: string, text: string) => ({ type: 'ai', name, content: text });
  /** One graph turn: the mapper is told it begins, then reads each chunk. */
  const turn = (mapper: UpdateMapper, ...chunks: unknown[]) => {
    mapper.beginTurn();
    return chunks.flatMap((chunk) => lines(mapper.consume(chunk)));
  };

  it('reads a Command({ goto }) with no mark as a handoff when the receiver’s node runs', () => {
    const mapper = createUpdateMapper(roster);

    const out = turn(
      mapper,
      { triage: { messages: [said('triage', 'Passing you on.')], ticket: { order_id: 'A-1' } } },
      { refunds: { messages: [said('refunds', 'Refunded.')] } },
    );

    expect(out).toEqual([
      'turn triage',
      'triage → refunds [agent, graph_node]',
      'turn refunds (accepted from triage)',
    ]);
  });

  it('carries what the sender and the pass-through nodes after it wrote to the state', () => {
    const mapper = createUpdateMapper(roster);
    mapper.beginTurn();
    mapper.consume({ triage: { ticket: { order_id: 'A-1' }, messages: [] } });
    mapper.consume({ router: { route: 'refunds' } });

    const [move] = mapper.consume({ refunds: { messages: [] } });

    expect(move).toEqual({
      kind: 'move',
      transfer: {
        from: 'triage',
        to: 'refunds',
        targetKind: 'agent',
        payload: { ticket: { order_id: 'A-1' }, route: 'refunds' },
        via: 'graph_node',
        fanOut: 'superstep-2',
      },
    });
  });

  it('takes the reason a sender wrote to the state as the move’s reason', () => {
    const mapper = createUpdateMapper(roster);
    mapper.beginTurn();
    mapper.consume({ triage: { reason: 'refund_request', messages: [] } });

    const [move] = mapper.consume({ refunds: { messages: [] } });

    expect(move).toMatchObject({ transfer: { from: 'triage', reason: 'refund_request' } });
  });

  it('reads nodes of one superstep as taking the work from the superstep before, in any order', () => {
    const wide = createUpdateMapper({ agents: ['triage', 'billing', 'refunds'], persons: [] });
    const steps: Record<string, number> = { triage: 1, refunds: 2, billing: 2 };
    wide.beginTurn();
    const out = [
      { triage: { messages: [] } },
      { refunds: { messages: [] } },
      { billing: { messages: [] } },
    ].flatMap((chunk) => lines(wide.consume(chunk, undefined, (node) => ({ step: steps[node] }))));

    expect(out).toEqual([
      'turn triage',
      'triage → refunds [agent, graph_node]',
      'turn refunds (accepted from triage)',
      'triage → billing [agent, graph_node]',
      'turn billing (accepted from triage)',
    ]);
  });

  it('passes the work through nodes that are no participants: A → tools → A is no handoff', () => {
    const mapper = createUpdateMapper(roster);

    const out = turn(
      mapper,
      { triage: { messages: [] } },
      { tools: { messages: [] } },
      { triage: { messages: [] } },
    );

    expect(out).toEqual(['turn triage', 'turn triage']);
  });

  it('makes one handoff of a move an activeAgent change or a transfer call already marked', () => {
    const marked = createUpdateMapper(roster);
    const called = createUpdateMapper(roster);

    const byKey = turn(
      marked,
      { triage: { activeAgent: 'refunds', messages: [] } },
      { refunds: { messages: [] } },
    );
    const byCall = turn(
      called,
      { triage: { messages: [ai('triage', [{ name: 'transfer_to_refunds', id: 'c1' }])] } },
      { refunds: { messages: [] } },
    );

    expect(byKey).toEqual([
      'turn triage',
      'triage → refunds [agent, active_agent]',
      'turn refunds (accepted from triage)',
    ]);
    expect(byCall).toEqual([
      'turn triage',
      'triage → refunds [agent, tool_call]',
      'turn refunds (accepted from triage)',
    ]);
  });

  it('lets the first participant node of a turn take the work without a handoff: the graph’s entry', () => {
    const mapper = createUpdateMapper(roster);
    turn(mapper, { triage: { messages: [] } }, { refunds: { messages: [] } });

    const next = turn(mapper, { triage: { messages: [] } });

    expect(next).toEqual(['turn triage']);
    expect(mapper.current).toBe('triage');
    expect(mapper.entered).toBe('triage');
  });

  it('reads a person node waiting in interrupt() as the receiver of the work, once', () => {
    const mapper = createUpdateMapper(roster);
    const escalated = turn(
      mapper,
      { triage: { activeAgent: 'refunds', messages: [] } },
      { refunds: { activeAgent: 'refunds', messages: [] } },
      { __interrupt__: [{ value: { ask: 'approve?' } }] },
    );

    const waiting = lines(mapper.waitingNodes(['supervisor']));
    const again = lines(mapper.waitingNodes(['supervisor']));

    expect(escalated.at(-1)).toBe('interrupt');
    expect(waiting).toEqual(['refunds → supervisor [person, graph_node]']);
    expect(again).toEqual([]);
    expect(mapper.current).toBe('supervisor');
  });

  it('adds nothing for a waiting person node an activeAgent change already handed the work', () => {
    const mapper = createUpdateMapper(roster);
    turn(
      mapper,
      { refunds: { activeAgent: 'supervisor', messages: [] } },
      { __interrupt__: [{ value: {} }] },
    );

    expect(lines(mapper.waitingNodes(['supervisor']))).toEqual([]);
  });

  it('reads changes of the state key the app names instead of activeAgent', () => {
    const mapper = createUpdateMapper({ ...roster, activeAgentKey: 'currentAgent' });

    const out = turn(mapper, {
      triage: { currentAgent: 'refunds', ticket: { order_id: 'A-1' }, messages: [] },
    });

    const transfers = mapper.consume({ refunds: { messages: [] } });
    expect(out).toEqual(['turn triage', 'triage → refunds [agent, active_agent]']);
    expect(lines(transfers)).toEqual(['turn refunds (accepted from triage)']);
  });
});

describe('replies in graph updates', () => {
  const roster = { agents: ['triage', 'refunds'], persons: [] };
  const said = (name: string, content: unknown, id: string) => ({ type: 'ai', name, id, content });

  it('carries the newest AI message in words, once, even when the history is resent', () => {
    const mapper = createUpdateMapper(roster);
    const first = said('refunds', 'Could you give me your order number?', 'm1');
    const replies = (chunk: unknown) =>
      mapper.consume(chunk).flatMap((o) => (o.kind === 'node' && o.reply ? [o.reply] : []));

    expect(replies({ refunds: { messages: [first] } })).toEqual([
      { by: 'refunds', text: 'Could you give me your order number?' },
    ]);
    const second = said('refunds', [{ type: 'text', text: 'Thanks, refunded.' }], 'm2');
    expect(replies({ refunds: { messages: [first, second] } })).toEqual([
      { by: 'refunds', text: 'Thanks, refunded.' },
    ]);
    expect(replies({ refunds: { messages: [first, second] } })).toEqual([]);
  });

  it('does not take a message that calls a tool, or says nothing, for a reply', () => {
    const mapper = createUpdateMapper(roster);
    const observations = mapper.consume({
      triage: {
        messages: [
          ai('triage', [{ name: 'transfer_to_refunds', id: 'c1' }], 'm3'),
          said('triage', '', 'm4'),
        ],
      },
    });
    expect(observations.every((o) => o.kind !== 'node' || o.reply === undefined)).toBe(true);
  });
});
