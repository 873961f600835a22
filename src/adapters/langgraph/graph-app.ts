import type { Step } from '../../model/step.ts';
import type { CaseBasics } from '../case-basics.ts';

/**
 * The least Baton needs of a compiled LangGraph graph (`createSwarm(...).compile()`,
 * `createSupervisor(...).compile()`, any `StateGraph`): `stream()` in `updates` mode, and a
 * `checkpointer` slot, filled with a `MemorySaver` when the graph was compiled without one.
 */
export interface StreamableGraph {
  stream(input: unknown, options?: unknown): Promise<AsyncIterable<unknown>>;
  checkpointer?: unknown;
}

/** What a graph app is told about a case: never its labels. */
export interface GraphCaseInfo extends CaseBasics {
  /** The LangGraph thread this case run uses (`configurable.thread_id`). */
  readonly threadId: string;
}

/** A graph built for one case run, e.g. around scripted models whose scripts are per case. */
export interface GraphCase {
  readonly graph: StreamableGraph;
  /** Called after the last step: assert scripts were consumed, close resources. */
  end?(): unknown | Promise<unknown>;
}

/** What `input()` is told about the turn it builds the input for. */
export interface TurnInfo {
  readonly index: number;
  readonly caseId: string;
  readonly threadId: string;
  /** True when the graph is paused in `interrupt()`, waiting for `Command({ resume })`. */
  readonly interrupted: boolean;
  /** The agent (or person) that held the work after the previous turn, when one did. */
  readonly current: string | undefined;
  /**
   * The agent the case enters at, on the first turn of a case that names one (`entry:`): the
   * default input then sets the graph's active-agent key to it, when its state has that key.
   */
  readonly entry?: string;
  /** What Baton sends for this step unless `input()` says otherwise (docs/adapters/langgraph.md). */
  readonly defaultInput: unknown;
}

/**
 * A LangGraph multi-agent app as the `langgraph` adapter drives it: the graph (shared by all
 * cases, each on its own thread) or a graph per case, which nodes are agents and which persons,
 * and optionally how a step becomes graph input.
 */
export interface GraphApp {
  /** A compiled graph every case runs on, each case on its own thread. */
  readonly graph?: StreamableGraph;
  /** Or: builds a graph for each case run (give `graph` or `startCase`, not both). */
  startCase?(info: GraphCaseInfo): GraphCase | Promise<GraphCase>;
  /** Node names that are agents: each update of one becomes an agent turn. Default: the case's agents. */
  readonly agents?: readonly string[];
  /** Node or handoff-target names that are people. Default: the case's persons. */
  readonly persons?: readonly string[];
  /**
   * The state key that names who holds the work, if the graph has one under another name than
   * `activeAgent` (e.g. `currentAgent`): its changes are handoffs, and a case's `entry` sets it.
   */
  readonly activeAgentKey?: string;
  /**
   * The graph input for a step: a state update, a `Command`, or `undefined` to run nothing at this
   * step. Default: `turn.defaultInput` (customer text as a human message, the others prefixed).
   */
  input?(step: Step, turn: TurnInfo): unknown | Promise<unknown>;
  /**
   * Who decides on tool calls LangChain's `humanInTheLoopMiddleware` stops at: one person for
   * every tool (`'supervisor'`), or tool name → person. Default: the case's only person, else the
   * person of the case's next `person` step.
   */
  readonly approvals?: string | Readonly<Record<string, string>>;
  /** LangGraph's recursion limit for each turn (default: LangGraph's own, 25). */
  readonly recursionLimit?: number;
  /** Called once after the last case. */
  close?(): unknown | Promise<unknown>;
}

export interface GraphAppContext {
  /** The folder of the suite file, to resolve paths given in options. */
  readonly suiteDir: string;
}

/**
 * The module a suite's `adapter: { type: langgraph, path }` names exports this as `default` or as
 * `createGraphApp`; it receives the suite's `adapter.options`.
 */
export type GraphAppFactory = (
  options: Readonly<Record<string, unknown>>,
  context: GraphAppContext,
) => GraphApp | Promise<GraphApp>;

/** Identity helper that gives a LangGraph app module's factory its type. */
export function defineGraphApp(factory: GraphAppFactory): GraphAppFactory {
  return factory;
}
