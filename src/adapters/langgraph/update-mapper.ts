import { answeredCalls, isAutoReturn, type RanAsTool } from './auto-return.ts';
import {
  callingMessage,
  isRecord,
  messagesOf,
  spokenReply,
  toolSafeName,
  transferTarget,
} from './transfer-calls.ts';

/** One handoff seen in a graph update. */
export interface Transfer {
  readonly from: string;
  readonly to: string;
  readonly targetKind: 'agent' | 'person';
  /** The call's `reason` argument when it is a string; `hand_back` for a `transfer_back_to_` call. */
  readonly reason?: string;
  /** The call's arguments, when there are any. */
  readonly payload?: Readonly<Record<string, unknown>>;
  /** A transfer tool call (`transfer_to_x`, `transfer_back_to_x`), or only an `activeAgent` change. */
  readonly via: 'tool_call' | 'active_agent';
  /** The transfer tool call's id, when the AI message gave one: its run tells when it happened. */
  readonly callId?: string;
  /** `createSupervisor` returned the worker to the supervisor itself (see isAutoReturn). */
  readonly autoReturn?: true;
}

/** What one node's update, or an interrupt, tells Baton. */
export type Observation =
  | {
      readonly kind: 'node';
      readonly node: string;
      readonly role: 'agent' | 'person' | 'other';
      /** Set when this node is the receiver of the last handoff and now runs: it took the work. */
      readonly acceptedFrom?: string;
      readonly transfers: readonly Transfer[];
      /** The last AI message this update adds that says something in words (no tool calls). */
      readonly reply?: { readonly by: string; readonly text: string };
    }
  | { readonly kind: 'interrupt'; readonly values: readonly unknown[] };

/** Which graph nodes (and handoff targets) are agents and which are people. */
export interface Roster {
  readonly agents: readonly string[];
  readonly persons: readonly string[];
}

/** A transfer tool run a turn saw start, by its model's call id (see RunObserver). */
export interface TransferRun {
  readonly name: string;
  /** The arguments as the tool received them (JSON text for structured tools). */
  readonly input: string;
  readonly callId: string | undefined;
  /** The agent whose node ran it. */
  readonly agent: string | undefined;
}

/** A call-like handoff that came back: the transfer tool of `callId` returned. */
export interface CameBack {
  readonly by: string;
  readonly to: string;
  readonly callId: string;
}

/** Turns the chunks of `graph.stream(input, { streamMode: 'updates' })` into observations. */
export interface UpdateMapper {
  /**
   * `ran` says whether the turn ran a tool for a call id: with it, a supervisor's automatic
   * hand-back is told from a model's transfer call (see isAutoReturn).
   */
  consume(chunk: unknown, ran?: RanAsTool): Observation[];
  /**
   * After a turn that ended in an interrupt: the transfer calls whose node never sent its update
   * (its transfer tool waits in `interrupt()`, for a person's decision). Each is a handoff of this
   * turn from the tool's agent, who took its work in this turn too; its update, when the graph
   * resumes, does not hand off again.
   */
  interruptedTransfers(runs: readonly TransferRun[]): Observation[];
  /** The call-like handoff a transfer tool run that returned ends, once; undefined otherwise. */
  cameBack(callId: string | undefined): CameBack | undefined;
  /** True after an `__interrupt__` chunk, until a node runs again. */
  readonly interrupted: boolean;
  /** The agent or person holding the work: the last to run or to be handed it. */
  readonly current: string | undefined;
}

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
  const known = new Map([...agents, ...persons].map((name) => [toolSafeName(name), name]));
  const seen = new Set<string>();
  // Read by the mapper's getters: who holds the work, and whether the graph is interrupted.
  const state: MapperState = { current: undefined, interrupted: false };
  let pending: { from: string; to: string } | undefined;

  const roleOf = (node: string) =>
    agents.has(node) ? 'agent' : persons.has(node) ? 'person' : 'other';

  /** The sender of a call found in `node`'s update: the node, unless it is no participant. */
  function senderOf(node: string, author: string | undefined): string {
    if (roleOf(node) !== 'other' || author === undefined) return node;
    return known.get(toolSafeName(author)) ?? node;
  }

  function transfersIn(node: string, update: unknown, ran: RanAsTool | undefined): Transfer[] {
    const transfers: Transfer[] = [];
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
        transfers.push({
          ...found,
          ...(call.id !== undefined && { callId: call.id }),
          ...(auto && { autoReturn: true as const }),
        });
      }
    }
    const last = transfers.at(-1);
    if (last) state.current = last.to;
    // A router that sets `activeAgent` without a transfer tool still moves the work; what else
    // its update writes to the state is what it hands over.
    const active = isRecord(update) ? update.activeAgent : undefined;
    if (typeof active === 'string' && active !== state.current) {
      if (state.current !== undefined)
        transfers.push(transfer(state.current, active, handedState(update), 'active_agent'));
      state.current = active;
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

  function consumeNode(
    node: string,
    update: unknown,
    ran: RanAsTool | undefined,
  ): Observation | undefined {
    const role = roleOf(node);
    state.interrupted = false;
    let acceptedFrom: string | undefined;
    if (role !== 'other') {
      if (role === 'agent' && pending?.to === node) acceptedFrom = pending.from;
      if (pending?.to === node) pending = undefined;
      state.current = node;
    }
    const transfers = transfersIn(node, update, ran);
    const last = transfers.at(-1);
    if (last) pending = { from: last.from, to: last.to };
    if (role !== 'agent' && transfers.length === 0) return undefined;
    const reply = role === 'agent' ? replyIn(node, update) : undefined;
    return {
      kind: 'node',
      node,
      role,
      ...(acceptedFrom !== undefined && { acceptedFrom }),
      transfers,
      ...(reply !== undefined && { reply }),
    };
  }

  // Handoffs whose transfer tool waits for a person: the tool's return brings the work back.
  const waiting = new Map<string, { by: string; to: string }>();

  function interruptedTransfers(runs: readonly TransferRun[]): Observation[] {
    if (!state.interrupted) return [];
    const out: Observation[] = [];
    for (const run of runs) {
      const target = transferTarget(run.name, known);
      if (target === undefined || run.callId === undefined || seen.has(run.callId)) continue;
      seen.add(run.callId);
      const from = run.agent ?? state.current;
      if (from === undefined) continue;
      const acceptedFrom = pending?.to === from ? pending.from : undefined;
      const reason = target.back ? HAND_BACK : undefined;
      const found = transfer(from, target.to, argsOf(run.input), 'tool_call', reason);
      pending = { from, to: target.to };
      state.current = target.to;
      waiting.set(run.callId, { by: target.to, to: from });
      out.push({
        kind: 'node',
        node: from,
        role: roleOf(from),
        ...(acceptedFrom !== undefined && { acceptedFrom }),
        transfers: [{ ...found, callId: run.callId }],
      });
    }
    return out;
  }

  function cameBack(callId: string | undefined): CameBack | undefined {
    const open = callId === undefined ? undefined : waiting.get(callId);
    if (open === undefined || callId === undefined) return undefined;
    waiting.delete(callId);
    if (pending?.to === open.by) pending = undefined;
    state.current = open.to;
    return { ...open, callId };
  }

  const consume = (chunk: unknown, ran?: RanAsTool): Observation[] => {
    if (!isRecord(chunk)) return [];
    const out: Observation[] = [];
    for (const [node, update] of Object.entries(chunk)) {
      if (node === INTERRUPT) {
        state.interrupted = true;
        out.push({ kind: 'interrupt', values: Array.isArray(update) ? update : [update] });
        continue;
      }
      const observation = consumeNode(node, update, ran);
      if (observation) out.push(observation);
    }
    return out;
  };
  return new Mapper({ consume, interruptedTransfers, cameBack }, state);
}

/** The state an update writes besides the messages and the active agent: a routed handoff's payload. */
function handedState(update: unknown): Readonly<Record<string, unknown>> {
  if (!isRecord(update)) return {};
  const { messages: _messages, activeAgent: _active, ...rest } = update;
  return rest;
}

/** A transfer tool's arguments as an object (structured tools receive JSON text). */
function argsOf(input: string): Readonly<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse(input);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

interface MapperState {
  current: string | undefined;
  interrupted: boolean;
}

/** A class, not an object literal with getters (test/style/no-literal-accessors.test.ts). */
class Mapper implements UpdateMapper {
  readonly consume: UpdateMapper['consume'];
  readonly interruptedTransfers: UpdateMapper['interruptedTransfers'];
  readonly cameBack: UpdateMapper['cameBack'];

  constructor(
    methods: Pick<UpdateMapper, 'consume' | 'interruptedTransfers' | 'cameBack'>,
    private readonly state: Readonly<MapperState>,
  ) {
    this.consume = methods.consume;
    this.interruptedTransfers = methods.interruptedTransfers;
    this.cameBack = methods.cameBack;
  }

  get interrupted(): boolean {
    return this.state.interrupted;
  }

  get current(): string | undefined {
    return this.state.current;
  }
}
