import { preciseNow } from '../../capture/clock.ts';

/** One run of a top-level graph node (a swarm or supervisor agent), as its callbacks timed it. */
export interface NodeRun {
  readonly node: string;
  /** LangGraph's superstep (`langgraph_step`): nodes of one superstep run side by side. */
  readonly step: number | undefined;
  /** The state the node read (the run's input): its messages are what a receiver starts from. */
  readonly input: unknown;
  readonly start: number;
  end?: number;
}

/** One tool run, as LangChain's tool callbacks reported it. */
export interface ToolRun {
  readonly name: string;
  /** The arguments as the tool received them (JSON text for structured tools). */
  readonly input: string;
  /** The model's tool call id, which the AI message that asked for it carries too. */
  readonly callId: string | undefined;
  /** The innermost participant agent whose node (or subgraph) ran the tool. */
  readonly agent: string | undefined;
  readonly start: number;
  end?: number;
  outcome?: 'ok' | 'error';
  /** The run that started it (a `tools` node's): its batch when no model response named it. */
  readonly parentRunId: string | undefined;
}

/** LangGraph's run metadata: the node and the checkpoint namespace (`refunds:<task>|tools:<task>`). */
type Metadata = Readonly<Record<string, unknown>> | undefined;

/** What `handleToolStart` says about a tool run. */
interface ToolStart {
  readonly tool: unknown;
  readonly input: unknown;
  readonly metadata: Metadata;
  readonly runName: unknown;
  readonly toolCallId: unknown;
  readonly parentRunId: unknown;
}

/** The calls of one model response that made several, as the model's end callback told them. */
interface ResponseCalls {
  readonly id: string;
  readonly calls: number;
}

/**
 * The innermost agent a run belongs to, from its metadata: the namespace's node names, innermost
 * first, then `langgraph_node`. A tool in the `tools` node of the `refunds` react agent is refunds'.
 */
export function agentOfRun(metadata: Metadata, agents: ReadonlySet<string>): string | undefined {
  const ns = metadata?.langgraph_checkpoint_ns ?? metadata?.checkpoint_ns;
  const nodes =
    typeof ns === 'string' && ns !== '' ? ns.split('|').map((s) => s.split(':')[0]) : [];
  const node = metadata?.langgraph_node;
  if (typeof node === 'string') nodes.push(node);
  for (let i = nodes.length - 1; i >= 0; i--) {
    const name = nodes[i];
    if (name !== undefined && agents.has(name)) return name;
  }
  return undefined;
}

/**
 * Times what a graph turn does, as it happens, from LangChain callbacks: when each top-level node
 * run starts and ends, and each tool run with its arguments, outcome and calling agent. The
 * `updates` stream says what happened but arrives late (the next node often starts before the
 * previous node's update is read); these times put handoffs, acceptances and tool calls where
 * they really were, before and after the HTTP effects the ledger stamps live.
 */
export class RunObserver {
  readonly tools: ToolRun[] = [];
  readonly #nodes: NodeRun[] = [];
  readonly #nodeRuns = new Map<string, NodeRun>();
  readonly #tasks = new Set<string>();
  readonly #taken = new Set<NodeRun>();
  /** Every tool run by its LangChain run id, ended or not. */
  readonly #toolsByRunId = new Map<string, ToolRun>();
  /** The response each tool call id came in, for responses that made several calls. */
  readonly #responseOfCall = new Map<string, ResponseCalls>();
  /** The batch of the tool runs one run started, for calls no response listed. */
  readonly #runBatches = new Map<string, string>();
  #responses = 0;

  /**
   * @param turn names this turn's model responses (`MODEL_TRAFFIC_ATTR.response`) apart from
   * other turns' of the case: `langgraph <turn>.<n>`.
   */
  constructor(
    private readonly agents: ReadonlySet<string>,
    private readonly turn = 0,
  ) {}

  /**
   * The callback handler to pass in the stream's `callbacks`: plain methods (LangChain wraps them
   * in its own handler class, whichever copy the graph uses), awaited so its clock is exact.
   */
  handler(): Record<string, unknown> {
    return {
      awaitHandlers: true,
      // (chain, inputs, runId, runType, tags, metadata, …)
      handleChainStart: (
        _c: unknown,
        inputs: unknown,
        runId: string,
        _t: unknown,
        _g: unknown,
        metadata: Metadata,
      ) => this.#chainStart(runId, inputs, metadata),
      handleChainEnd: (_out: unknown, runId: string) => this.#chainEnd(runId),
      handleChainError: (_err: unknown, runId: string) => this.#chainEnd(runId),
      // (tool, input, runId, parentRunId, tags, metadata, runName, toolCallId)
      handleToolStart: (
        tool: unknown,
        input: unknown,
        runId: string,
        parentRunId: unknown,
        _tags: unknown,
        metadata: Metadata,
        runName: unknown,
        toolCallId: unknown,
      ) => this.#toolStart(runId, { tool, input, metadata, runName, toolCallId, parentRunId }),
      // (output, runId, …): a chat model's response, with the tool calls it made.
      handleLLMEnd: (output: unknown) => this.#modelEnd(output),
      handleToolEnd: (_out: unknown, runId: string) => this.#toolEnd(runId, 'ok'),
      handleToolError: (_err: unknown, runId: string) => this.#toolEnd(runId, 'error'),
    };
  }

  /**
   * The runs of the nodes whose updates a stream chunk holds: for each, its oldest run not taken
   * yet. Every chunk must come through here, so each update meets its own run.
   */
  takeRuns(chunk: unknown): Map<string, NodeRun> {
    const out = new Map<string, NodeRun>();
    if (typeof chunk !== 'object' || chunk === null) return out;
    for (const node of Object.keys(chunk)) {
      const run = this.#nodes.find((r) => r.node === node && !this.#taken.has(r));
      if (!run) continue;
      this.#taken.add(run);
      out.set(node, run);
    }
    return out;
  }

  /** The oldest run of each of these nodes whose update never came (an interrupted node). */
  untakenRuns(nodes: readonly string[]): Map<string, NodeRun> {
    const out = new Map<string, NodeRun>();
    for (const node of nodes) {
      const run = this.#nodes.find((r) => r.node === node && !this.#taken.has(r));
      if (!run || out.has(node)) continue;
      this.#taken.add(run);
      out.set(node, run);
    }
    return out;
  }

  /** The oldest run of `node` whose update never came, without taking it. */
  untakenRun(node: string): NodeRun | undefined {
    return this.#nodes.find((r) => r.node === node && !this.#taken.has(r));
  }

  /** The top-level nodes that started and whose update never came (so far), in start order. */
  untakenNodes(): string[] {
    const nodes = this.#nodes.filter((r) => !this.#taken.has(r)).map((r) => r.node);
    return [...new Set(nodes)];
  }

  /** When the last run of `node` that ended in this turn ended. */
  lastEnd(node: string): number | undefined {
    return this.#nodes.findLast((r) => r.node === node && r.end !== undefined)?.end;
  }

  /** The tool run of a model's tool call, by its call id. */
  toolCall(callId: string): ToolRun | undefined {
    return this.tools.find((t) => t.callId === callId);
  }

  /**
   * The model response a tool run carries out a call of, when that response made several calls
   * (LangGraph runs them side by side): the response the model's end callback listed its call id
   * in; for a call no response listed, the tool runs one run started that ran at the same time as
   * it (a node that awaits one tool, then the next, ran them in order).
   */
  responseOf(tool: ToolRun): string | undefined {
    const listed = tool.callId === undefined ? undefined : this.#responseOfCall.get(tool.callId);
    if (listed) return listed.calls > 1 ? listed.id : undefined;
    const parent = tool.parentRunId;
    if (parent === undefined) return undefined;
    const beside = this.tools.some(
      (t) => t !== tool && t.parentRunId === parent && !this.#listed(t) && overlap(t, tool),
    );
    if (!beside) return undefined;
    let id = this.#runBatches.get(parent);
    if (id === undefined) {
      id = `langgraph ${this.turn}.${++this.#responses}`;
      this.#runBatches.set(parent, id);
    }
    return id;
  }

  /**
   * The response whose call the tool run with this LangChain run id carries out (see above), while
   * that run lasts: what the tool left running (a timer, a request it did not wait for) happens
   * after the calls it sat beside, and keeps its own time.
   */
  responseOfRun(runId: string | undefined): string | undefined {
    const tool = runId === undefined ? undefined : this.#toolsByRunId.get(runId);
    return tool && tool.end === undefined ? this.responseOf(tool) : undefined;
  }

  #listed(tool: ToolRun): boolean {
    return tool.callId !== undefined && this.#responseOfCall.has(tool.callId);
  }

  #modelEnd(output: unknown): void {
    const ids = toolCallIds(output);
    if (ids.length === 0) return;
    const response: ResponseCalls = {
      id: `langgraph ${this.turn}.${++this.#responses}`,
      calls: ids.length,
    };
    for (const id of ids) this.#responseOfCall.set(id, response);
  }

  #chainStart(runId: string, input: unknown, metadata: Metadata): void {
    const ns = metadata?.langgraph_checkpoint_ns;
    const node = metadata?.langgraph_node;
    // A top-level node's namespace is one `node:task` segment; its first chain start is the run.
    if (typeof ns !== 'string' || typeof node !== 'string' || ns.includes('|')) return;
    if (!ns.startsWith(`${node}:`) || this.#tasks.has(ns)) return;
    this.#tasks.add(ns);
    const step = metadata?.langgraph_step;
    const run: NodeRun = {
      node,
      step: typeof step === 'number' ? step : undefined,
      // Kept as it is, not copied: only a handoff's receiver or sender has it written out.
      input,
      start: preciseNow(),
    };
    this.#nodes.push(run);
    this.#nodeRuns.set(runId, run);
  }

  #chainEnd(runId: string): void {
    const run = this.#nodeRuns.get(runId);
    if (!run) return;
    run.end = preciseNow();
    this.#nodeRuns.delete(runId);
  }

  #toolStart(runId: string, started: ToolStart): void {
    const { tool, input, metadata, runName, toolCallId, parentRunId } = started;
    const run: ToolRun = {
      name: typeof runName === 'string' ? runName : nameOfTool(tool),
      input: typeof input === 'string' ? input : JSON.stringify(input ?? null),
      callId: typeof toolCallId === 'string' ? toolCallId : undefined,
      agent: agentOfRun(metadata, this.agents),
      start: preciseNow(),
      parentRunId: typeof parentRunId === 'string' ? parentRunId : undefined,
    };
    this.tools.push(run);
    this.#toolsByRunId.set(runId, run);
  }

  #toolEnd(runId: string, outcome: 'ok' | 'error'): void {
    const run = this.#toolsByRunId.get(runId);
    if (!run || run.end !== undefined) return;
    run.end = preciseNow();
    run.outcome = outcome;
  }
}

function nameOfTool(serialized: unknown): string {
  const name = (serialized as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : '?';
}

/** True when two tool runs ran at the same time (one still running counts as running on). */
function overlap(a: ToolRun, b: ToolRun): boolean {
  return (
    a.start < (b.end ?? Number.POSITIVE_INFINITY) && b.start < (a.end ?? Number.POSITIVE_INFINITY)
  );
}

/**
 * The tool call ids of a chat model's response (LangChain's `LLMResult`): every generation's
 * message's `tool_calls`.
 */
export function toolCallIds(output: unknown): string[] {
  const generations = (output as { generations?: unknown } | null)?.generations;
  if (!Array.isArray(generations)) return [];
  const ids: string[] = [];
  for (const batch of generations) {
    if (!Array.isArray(batch)) continue;
    for (const generation of batch) {
      const calls = (generation as { message?: { tool_calls?: unknown } } | null)?.message
        ?.tool_calls;
      if (!Array.isArray(calls)) continue;
      for (const call of calls) {
        const id = (call as { id?: unknown } | null)?.id;
        if (typeof id === 'string' && id !== '') ids.push(id);
      }
    }
  }
  return ids;
}
