/**
 * The handoffs a run carried out, with the arguments the model passed to each handoff tool. The
 * SDK's handoff span names sender and receiver but carries no payload; the run items do: a
 * `handoff_output_item` (sender, receiver, call id) answers the `handoff_call_item` whose
 * function call holds the arguments. A handoff call with no output item was not carried out (the
 * SDK takes the first of several handoffs in one response and ignores the rest).
 */
export interface HandoffCall {
  /** SDK agent names. */
  readonly from: string;
  readonly to: string;
  /** The handoff tool's arguments as the model sent them (JSON text), when there were any. */
  readonly args?: string;
  /**
   * For a call read from a model response rather than from run items: every (sender, receiver)
   * whose handoff tool has its name, since a response does not say which agent made it.
   */
  readonly offers?: readonly HandoffRoute[];
}

/** A handoff the agent graph offers, by SDK agent names. */
export interface HandoffRoute {
  readonly from: string;
  readonly to: string;
}

/** Handoff tool name → the routes whose handoff is called by that name. */
export type HandoffTools = ReadonlyMap<string, readonly HandoffRoute[]>;

/** The part of a model response this reads (the SDK's ModelResponse). */
export interface ResponseLike {
  readonly output?: readonly unknown[];
}

/** The part of a run item this reads (RunHandoffCallItem, RunHandoffOutputItem, others). */
export interface RunItemLike {
  readonly type: string;
  readonly rawItem?: unknown;
  readonly sourceAgent?: { readonly name: string };
  readonly targetAgent?: { readonly name: string };
}

/** The handoffs of a run's new items, in the order they happened. */
export function handoffCalls(items: readonly RunItemLike[]): HandoffCall[] {
  const argsByCall = new Map<string, string>();
  for (const item of items) {
    if (item.type !== 'handoff_call_item') continue;
    const raw = item.rawItem as { callId?: unknown; arguments?: unknown } | undefined;
    if (typeof raw?.callId === 'string' && typeof raw.arguments === 'string') {
      argsByCall.set(raw.callId, raw.arguments);
    }
  }
  const calls: HandoffCall[] = [];
  for (const item of items) {
    if (item.type !== 'handoff_output_item' || !item.sourceAgent || !item.targetAgent) continue;
    const callId = (item.rawItem as { callId?: unknown } | undefined)?.callId;
    const args = typeof callId === 'string' ? argsByCall.get(callId) : undefined;
    calls.push({
      from: item.sourceAgent.name,
      to: item.targetAgent.name,
      ...(args !== undefined && args.trim() !== '' && { args }),
    });
  }
  return calls;
}

/**
 * The handoffs whose run items an `inputFilter` removed — the SDK's `removeAllTools` drops a
 * handoff's call and output items along with the tool calls — read from the model responses,
 * which no filter touches. The SDK carries out the first handoff call of a response and ignores
 * the rest; a response whose handoff the run items hold is skipped.
 */
export function filteredHandoffCalls(
  responses: readonly ResponseLike[],
  tools: HandoffTools,
  items: readonly RunItemLike[],
): HandoffCall[] {
  const seen = new Set(items.flatMap((i) => callIdOf(i.rawItem) ?? []));
  const calls: HandoffCall[] = [];
  for (const response of responses) {
    const call = (response.output ?? []).map(functionCall).find((c) => c && tools.has(c.name));
    const offers = call && tools.get(call.name);
    if (!call || !offers?.[0] || seen.has(call.callId)) continue;
    const { from, to } = offers[0];
    calls.push({ from, to, offers, ...(call.args.trim() !== '' && { args: call.args }) });
  }
  return calls;
}

function callIdOf(raw: unknown): string | undefined {
  const id = (raw as { callId?: unknown } | undefined)?.callId;
  return typeof id === 'string' ? id : undefined;
}

function functionCall(item: unknown): { name: string; callId: string; args: string } | undefined {
  const c = item as { type?: unknown; name?: unknown; callId?: unknown; arguments?: unknown };
  if (c?.type !== 'function_call' || typeof c.name !== 'string') return undefined;
  if (typeof c.callId !== 'string') return undefined;
  return {
    name: c.name,
    callId: c.callId,
    args: typeof c.arguments === 'string' ? c.arguments : '',
  };
}
