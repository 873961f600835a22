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
