import { answeredCalls, isAutoReturn, type RanAsTool } from './auto-return.ts';
import { argsOf, handedState, withHistory } from './handed.ts';
import { messagesRead, withUpdate } from './messages-state.ts';
import type {
  CameBack,
  Observation,
  Roster,
  RunOf,
  RunSeen,
  Transfer,
  TransferRun,
  UpdateMapper,
} from './observations.ts';
import {
  callingMessage,
  isRecord,
  messagesOf,
  spokenReply,
  toolSafeName,
  transferTarget,
} from './transfer-calls.ts';
import { type NodeMove, WorkHolder } from './work-holder.ts';

const INTERRUPT = '__interrupt__';
/** The reason of a supervisor's `transfer_back_to_<x>` call that names none. */
export const HAND_BACK = 'hand_back';

/**
 * One mapper per case run: it remembers the tool calls it has seen (swarm agents write their whole
 * history back into every update) and who holds the work, across the turns of one thread.
 */
export function createUpdateMapper(roster: Roster): UpdateMapper {
  const agents = new Set(roster.agents);
  const persons = new Set(roster.persons);
  const activeKey = roster.activeAgentKey ?? ACTIVE_AGENT;
  const known = new Map([...agents, ...persons].map((name) => [toolSafeName(name), name]));
  const seen = new Set<string>();
  const holder = new WorkHolder();
  const state: MapperState = { holder, interrupted: false, interrupts: [] };
  // The last handoff, until its receiver runs and takes the work (an acknowledgment).
  let pending: { from: string; to: string } | undefined;

  const roleOf = (node: string) =>
    agents.has(node) ? 'agent' : persons.has(node) ? 'person' : 'other';

  /** The sender of a call found in `node`'s update: the node, unless it is no participant. */
  function senderOf(node: string, author: string | undefined): string {
    if (roleOf(node) !== 'other' || author === undefined) return node;
    return known.get(toolSafeName(author)) ?? node;
  }

  function transfersIn(
    node: string,
    update: unknown,
    ran: RanAsTool | undefined,
    read: readonly unknown[] | undefined,
  ): Transfer[] {
    const transfers: Transfer[] = [];
    // What the receiver reads: the messages the sender read, with those its update wrote.
    let history: readonly unknown[] | undefined;
    const handing = (t: Transfer) => {
      history ??= read && withUpdate(read, update);
      return withHistory(t, history);
    };
    const messages = messagesOf(update);
    let answered: Set<string> | undefined;
    for (const message of messages) {
      const calling = callingMessage(message);
      for (const call of calling?.calls ?? []) {
        if (seen.has(call.key)) continue;
        seen.add(call.key);
        const target = transferTarget(call.name, known);
        if (target === undefined) continue;
        const from = senderOf(node, calling?.author);
        const reason = target.back ? HAND_BACK : undefined;
        const found = transfer(from, target.to, call.args, 'tool_call', reason);
        if (target.back) answered ??= answeredCalls(messages);
        const auto = target.back && isAutoReturn(message, call, answered ?? new Set(), ran);
        transfers.push(
          handing({
            ...found,
            ...(call.id !== undefined && { callId: call.id }),
            ...(auto && { autoReturn: true as const }),
          }),
        );
      }
    }
    const last = transfers.at(-1);
    if (last) holder.handTo(last.to);
    // A router that sets `activeAgent` without a transfer tool still moves the work; what else
    // its update writes to the state is what it hands over.
    const active = isRecord(update) ? update[activeKey] : undefined;
    if (typeof active === 'string' && active !== holder.current) {
      const from = holder.current;
      if (from !== undefined)
        transfers.push(
          handing(transfer(from, active, handedState(update, activeKey), 'active_agent')),
        );
      holder.handTo(active);
    }
    return transfers;
  }

  function transfer(
    from: string,
    to: string,
    args: Readonly<Record<string, unknown>>,
    via: Transfer['via'],
    defaultReason?: string,
  ): Transfer {
    const reason = typeof args.reason === 'string' ? args.reason : defaultReason;
    return {
      from,
      to,
      targetKind: persons.has(to) ? 'person' : 'agent',
      ...(reason !== undefined && { reason }),
      ...(Object.keys(args).length > 0 && { payload: args }),
      via,
    };
  }

  /** The newest AI message in words that this update adds (swarms resend their history). */
  function replyIn(node: string, update: unknown): { by: string; text: string } | undefined {
    let reply: { by: string; text: string } | undefined;
    for (const message of messagesOf(update)) {
      const said = spokenReply(message);
      if (said === undefined || seen.has(said.key)) continue;
      seen.add(said.key);
      reply = { by: senderOf(node, said.author), text: said.text };
    }
    return reply;
  }

  /**
   * Participant `node` runs: the move that brought it the work, if any, and whom it took the
   * work from (the sender of the last handoff to it).
   */
  function arrive(node: string, run?: RunSeen): { moves: Observation[]; acceptedFrom?: string } {
    const moved = holder.arrive(node, run?.step);
    // A move's receiver reads the graph's messages as they stand when it starts.
    const history = messagesRead(run?.input);
    const first = moved[0];
    if (first) pending = { from: first.from, to: first.to };
    const acceptedFrom =
      roleOf(node) === 'agent' && pending?.to === node ? pending.from : undefined;
    if (pending?.to === node) pending = undefined;
    return {
      moves: moved.map((m) => ({ kind: 'move', transfer: nodeMove(m, history) })),
      ...(acceptedFrom !== undefined && { acceptedFrom }),
    };
  }

  function nodeMove(moved: NodeMove, history: readonly unknown[] | undefined): Transfer {
    const found = transfer(moved.from, moved.to, moved.payload, 'graph_node');
    return withHistory({ ...found, fanOut: moved.fanOut }, history);
  }

  function consumeNode(
    node: string,
    update: unknown,
    ran: RanAsTool | undefined,
    run: RunSeen | undefined,
  ): Observation[] {
    const role = roleOf(node);
    state.interrupted = false;
    state.interrupts = [];
    const { moves = [], acceptedFrom } = role === 'other' ? {} : arrive(node, run);
    const transfers = transfersIn(node, update, ran, messagesRead(run?.input));
    holder.wrote(node, handedState(update, activeKey), role !== 'other');
    const last = transfers.at(-1);
    if (last) pending = { from: last.from, to: last.to };
    const out: Observation[] = [...moves];
    if (role !== 'agent' && transfers.length === 0) return out;
    const reply = role === 'agent' ? replyIn(node, update) : undefined;
    out.push({
      kind: 'node',
      node,
      role,
      ...(acceptedFrom !== undefined && { acceptedFrom }),
      transfers,
      ...(reply !== undefined && { reply }),
    });
    return out;
  }

  // Handoffs whose transfer tool waits for a person: the tool's return brings the work back.
  const waiting = new Map<string, { by: string; to: string }>();

  function interruptedTransfers(runs: readonly TransferRun[], runOf?: RunOf): Observation[] {
    if (!state.interrupted) return [];
    const out: Observation[] = [];
    for (const run of runs) {
      const target = transferTarget(run.name, known);
      if (target === undefined || run.callId === undefined || seen.has(run.callId)) continue;
      seen.add(run.callId);
      const from = run.agent ?? holder.current;
      if (from === undefined) continue;
      // Its node ran too, though its update never came: it may have been moved the work.
      const started = runOf?.(from);
      const { moves, acceptedFrom } = arrive(from, started);
      out.push(...moves);
      const reason = target.back ? HAND_BACK : undefined;
      const found = transfer(from, target.to, argsOf(run.input), 'tool_call', reason);
      pending = { from, to: target.to };
      holder.handTo(target.to);
      waiting.set(run.callId, { by: target.to, to: from });
      out.push({
        kind: 'node',
        node: from,
        role: roleOf(from),
        ...(acceptedFrom !== undefined && { acceptedFrom }),
        transfers: [withHistory({ ...found, callId: run.callId }, messagesRead(started?.input))],
      });
    }
    return out;
  }

  function waitingNodes(nodes: readonly string[], runOf?: RunOf): Observation[] {
    if (!state.interrupted) return [];
    const out: Observation[] = [];
    for (const node of nodes) {
      const role = roleOf(node);
      if (role === 'other') continue;
      const { moves, acceptedFrom } = arrive(node, runOf?.(node));
      out.push(...moves);
      if (role === 'agent') {
        const taken = acceptedFrom !== undefined && { acceptedFrom };
        out.push({ kind: 'node', node, role, ...taken, transfers: [] });
      }
    }
    return out;
  }

  function cameBack(callId: string | undefined): CameBack | undefined {
    const open = callId === undefined ? undefined : waiting.get(callId);
    if (open === undefined || callId === undefined) return undefined;
    waiting.delete(callId);
    if (pending?.to === open.by) pending = undefined;
    holder.handTo(open.to);
    return { ...open, callId };
  }

  const consume = (chunk: unknown, ran?: RanAsTool, runOf?: RunOf): Observation[] => {
    if (!isRecord(chunk)) return [];
    const out: Observation[] = [];
    for (const [node, update] of Object.entries(chunk)) {
      if (node === INTERRUPT) {
        const values = Array.isArray(update) ? update : [update];
        state.interrupted = true;
        state.interrupts = values;
        out.push({ kind: 'interrupt', values });
        continue;
      }
      out.push(...consumeNode(node, update, ran, runOf?.(node)));
    }
    return out;
  };
  const beginTurn = () => holder.beginTurn();
  const handTo = (to: string) => {
    holder.handTo(to);
    pending = undefined;
  };
  return new Mapper(
    { consume, interruptedTransfers, waitingNodes, cameBack, beginTurn, handTo },
    state,
  );
}

/** The state key LangGraph's swarm (and most hand-built graphs) routes by. */
export const ACTIVE_AGENT = 'activeAgent';

interface MapperState {
  readonly holder: WorkHolder;
  interrupted: boolean;
  interrupts: readonly unknown[];
}

type MapperMethods = Pick<
  UpdateMapper,
  'consume' | 'interruptedTransfers' | 'waitingNodes' | 'cameBack' | 'beginTurn' | 'handTo'
>;

/** A class, not an object literal with getters (test/style/no-literal-accessors.test.ts). */
class Mapper implements UpdateMapper {
  readonly consume: UpdateMapper['consume'];
  readonly interruptedTransfers: UpdateMapper['interruptedTransfers'];
  readonly waitingNodes: UpdateMapper['waitingNodes'];
  readonly cameBack: UpdateMapper['cameBack'];
  readonly beginTurn: UpdateMapper['beginTurn'];
  readonly handTo: UpdateMapper['handTo'];

  constructor(
    methods: MapperMethods,
    private readonly state: Readonly<MapperState>,
  ) {
    this.consume = methods.consume;
    this.interruptedTransfers = methods.interruptedTransfers;
    this.waitingNodes = methods.waitingNodes;
    this.cameBack = methods.cameBack;
    this.beginTurn = methods.beginTurn;
    this.handTo = methods.handTo;
  }

  get interrupted(): boolean {
    return this.state.interrupted;
  }

  get interrupts(): readonly unknown[] {
    return this.state.interrupts;
  }

  get current(): string | undefined {
    return this.state.holder.current;
  }

  get entered(): string | undefined {
    return this.state.holder.entered;
  }
}
