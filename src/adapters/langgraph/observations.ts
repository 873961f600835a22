/** What the update mapper reads in a graph's turns, for the emitter to write as Baton's spans. */
import type { RanAsTool } from './auto-return.ts';

/** One handoff seen in a graph update. */
export interface Transfer {
  readonly from: string;
  readonly to: string;
  readonly targetKind: 'agent' | 'person';
  /** The call's `reason` argument when it is a string; `hand_back` for a `transfer_back_to_` call. */
  readonly reason?: string;
  /** The call's arguments, when there are any. */
  readonly payload?: Readonly<Record<string, unknown>>;
  /**
   * A transfer tool call (`transfer_to_x`, `transfer_back_to_x`), an `activeAgent` change, only
   * the next participant node running (`graph_node`: a `Command({ goto })` with no mark), or calls
   * waiting for a person's approval and the person's decision (`approval`, see ApprovalWaits).
   */
  readonly via: 'tool_call' | 'active_agent' | 'graph_node' | 'approval';
  /** The transfer tool call's id, when the AI message gave one: its run tells when it happened. */
  readonly callId?: string;
  /** `createSupervisor` returned the worker to the supervisor itself (see isAutoReturn). */
  readonly autoReturn?: true;
  /** A move's superstep: the moves of one were made side by side. */
  readonly fanOut?: string;
  /**
   * The graph's messages as the receiver reads them once the work is handed over, when the
   * graph has a `messages` channel and the node runs were seen (see UpdateMapper.consume).
   */
  readonly history?: readonly unknown[];
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
  /**
   * Work that moved to another participant node with no transfer call or `activeAgent` change
   * to say so: written before the receiver's own observation, at the end of the sender's run.
   */
  | { readonly kind: 'move'; readonly transfer: Transfer }
  | { readonly kind: 'interrupt'; readonly values: readonly unknown[] };

/** Which graph nodes (and handoff targets) are agents and which are people. */
export interface Roster {
  readonly agents: readonly string[];
  readonly persons: readonly string[];
  /** The state key that names who holds the work (default `activeAgent`). */
  readonly activeAgentKey?: string;
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

/** What the run observer saw of a node's run. */
export interface RunSeen {
  /**
   * The LangGraph superstep it belongs to (`langgraph_step`): nodes of one superstep run side by
   * side, so none of them hands work to another.
   */
  readonly step: number | undefined;
  /** The state the node read when it started (its run's input). */
  readonly input?: unknown;
}

/** The run of a node whose update (or wait) is being read, when it was seen. */
export type RunOf = (node: string) => RunSeen | undefined;

/** Turns the chunks of `graph.stream(input, { streamMode: 'updates' })` into observations. */
export interface UpdateMapper {
  /**
   * `ran` says whether the turn ran a tool for a call id: with it, a supervisor's automatic
   * hand-back is told from a model's transfer call (see isAutoReturn). `runOf` gives each node's
   * superstep (without it every node counts as a superstep of its own) and the state it read: a
   * handoff's history is the messages its receiver read (a move), or those its sender read with
   * the sender's update merged in (a transfer call, an `activeAgent` change).
   */
  consume(chunk: unknown, ran?: RanAsTool, runOf?: RunOf): Observation[];
  /**
   * After a turn that ended in an interrupt: the transfer calls whose node never sent its update
   * (its transfer tool waits in `interrupt()`, for a person's decision). Each is a handoff of this
   * turn from the tool's agent, who took its work in this turn too; its update, when the graph
   * resumes, does not hand off again. Its history is the messages the agent's node read.
   */
  interruptedTransfers(runs: readonly TransferRun[], runOf?: RunOf): Observation[];
  /**
   * After a turn that ended in an interrupt, once its transfer tools are read: the top-level
   * nodes that started and never sent their update, in the order they started. Each
   * participant among them waits in `interrupt()` (a person node asking for a decision): it has
   * the work, moved to it in this turn when it did not hold it before.
   */
  waitingNodes(nodes: readonly string[], runOf?: RunOf): Observation[];
  /** Called before each graph turn: the first participant node of a turn is the graph's entry. */
  beginTurn(): void;
  /** The call-like handoff a transfer tool run that returned ends, once; undefined otherwise. */
  cameBack(callId: string | undefined): CameBack | undefined;
  /**
   * Moves the work to `to` by what Baton saw outside the graph's updates: calls waiting for a
   * person's approval hand it to the person, the person's decision back to the agent.
   */
  handTo(to: string): void;
  /** True after an `__interrupt__` chunk, until a node runs again. */
  readonly interrupted: boolean;
  /** The values of that chunk (LangGraph `Interrupt`s), until a node runs again. */
  readonly interrupts: readonly unknown[];
  /** The agent or person holding the work: the last to run or to be handed it. */
  readonly current: string | undefined;
  /** The first participant node that ran in the case. */
  readonly entered: string | undefined;
}
