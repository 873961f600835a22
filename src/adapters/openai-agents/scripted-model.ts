import {
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
  Usage,
} from '@openai/agents';
import { assistantMessage, functionCall } from '@openai/agents/testing';
import type { AnyAgent, CaseAwareModel } from './app.ts';
import { ScriptedModelError } from './scripted-model-error.ts';
import { argsText, describeReply, type Script, type ScriptedReply } from './scripted-reply.ts';

/** One model call the scripted model answered. */
export interface ScriptedCall {
  readonly step: number;
  /** The agent that called, when the adapter told the model (always under Baton). */
  readonly agent?: string;
  readonly reply: ScriptedReply;
  readonly request: ModelRequest;
}

/**
 * A model for offline runs that answers from a script, step by step: `script.steps[k]` are the
 * replies to the model calls of step k's turn, in order. It fails the case, saying what to fix,
 * when an agent calls the model more often than the step's script says (unexpected call), when a
 * step ends with replies left (unconsumed), when the wrong agent calls, or when a reply names a
 * handoff or tool the calling agent does not offer. Handoffs are scripted by agent name; the
 * handoff tool's name comes from the SDK (the Handoff's `toolName`), whatever its case.
 */
export class ScriptedModel implements Model, CaseAwareModel {
  readonly calls: ScriptedCall[] = [];
  readonly #steps: Script['steps'];
  readonly #used = new Map<number, number>();
  readonly #begun = new Set<number>();
  #step = 0;
  #agent: AnyAgent | undefined;

  constructor(script: Script) {
    this.#steps = script.steps;
  }

  beginStep(index: number): void {
    this.#step = index;
    this.#begun.add(index);
  }

  endStep(index: number): void {
    const left = (this.#steps[index] ?? []).slice(this.#used.get(index) ?? 0);
    if (left.length === 0) return;
    const at = this.#agent === undefined ? '' : ` (the turn ended at agent ${this.#agent.name})`;
    throw new ScriptedModelError(
      'unconsumed_replies',
      `Scripted model: step ${index} ended with ${left.length} scripted repl${left.length === 1 ? 'y' : 'ies'} unused${at}: ${left.map(describeReply).join('; ')}. Remove them from the script, or find why the agents stopped early.`,
    );
  }

  agentStarted(agent: AnyAgent): void {
    this.#agent = agent;
  }

  endCase(): void {
    const unused = this.#steps.flatMap((replies, i) =>
      replies?.length && !this.#begun.has(i) ? [i] : [],
    );
    if (unused.length === 0) return;
    throw new ScriptedModelError(
      'unused_steps',
      `Scripted model: the script has replies for step${unused.length === 1 ? '' : 's'} ${unused.join(', ')}, which never ran a turn. Remove them, or check the case's steps.`,
    );
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const step = this.#step;
    const n = this.#used.get(step) ?? 0;
    const caller = this.#agent?.name;
    const reply = this.#steps[step]?.[n];
    if (reply === undefined) throw this.#unexpected(step, n, caller);
    this.#used.set(step, n + 1);
    if (reply.agent !== undefined && caller !== undefined && reply.agent !== caller) {
      throw new ScriptedModelError(
        'wrong_agent',
        `Scripted model: reply ${n + 1} of step ${step} is for agent ${reply.agent}, but ${caller} called the model. Fix the script, or find why ${caller} holds the conversation. If ${reply.agent} runs as a tool of ${caller} (agent.asTool()), the model cannot tell its calls from ${caller}'s: script its replies without an agent name ({ say: … }).`,
      );
    }
    const output = this.#output(reply, request, `${step}_${n}`);
    this.calls.push({ step, ...(caller !== undefined && { agent: caller }), reply, request });
    return { usage: new Usage(), output, responseId: `resp_baton_${step}_${n}` };
  }

  getStreamedResponse(): AsyncIterable<StreamEvent> {
    const error = new ScriptedModelError(
      'streaming',
      'Scripted model: streamed runs are not scripted. Run the agents with runner.run(agent, input) (not stream: true).',
    );
    return { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error) }) };
  }

  #unexpected(step: number, n: number, caller: string | undefined): ScriptedModelError {
    const who = caller === undefined ? '' : ` by agent ${caller}`;
    const scripted = this.#steps[step]?.length ?? 0;
    const last = this.#steps[step]?.[n - 1];
    const after = last === undefined ? '' : ` The last reply was: ${describeReply(last)}.`;
    return new ScriptedModelError(
      'unexpected_call',
      `Scripted model: unexpected model call ${n + 1}${who} at step ${step}: the script has ${scripted} repl${scripted === 1 ? 'y' : 'ies'} for step ${step}.${after} Add a reply, or find why the agent called the model again.`,
    );
  }

  #output(reply: ScriptedReply, request: ModelRequest, id: string): AgentOutputItem[] {
    if ('say' in reply) return [assistantMessage(reply.say)];
    if ('output' in reply) return [...reply.output];
    const callId = `call_baton_${id}`;
    if ('handoff' in reply) {
      const tool = this.#handoffTool(reply.handoff, request);
      return [functionCall(tool, argsText(reply.args), { callId })];
    }
    const tools = request.tools.flatMap((t) => (t.type === 'function' ? [t.name] : []));
    if (!tools.includes(reply.call)) {
      throw new ScriptedModelError(
        'unknown_tool',
        `Scripted model: the script has ${this.#who()} call ${reply.call}, but ${this.#who()} offers the tools: ${tools.join(', ') || 'none'}. Fix the tool name, or give the agent that tool.`,
      );
    }
    return [functionCall(reply.call, argsText(reply.args), { callId })];
  }

  /** The handoff tool of the calling agent that leads to `target`, if the request offers it. */
  #handoffTool(target: string, request: ModelRequest): string {
    const offered = new Set(request.handoffs.map((h) => h.toolName));
    const handoffs = (this.#agent?.handoffs ?? []).map(handoffOf);
    const tool =
      handoffs.find((h) => h.agentName === target)?.toolName ??
      `transfer_to_${target.replace(/[^a-zA-Z0-9]/g, '_')}`;
    if (offered.has(tool)) return tool;
    const targets = handoffs.filter((h) => offered.has(h.toolName)).map((h) => h.agentName);
    const shown = targets.length > 0 ? targets : [...offered];
    throw new ScriptedModelError(
      'unknown_handoff',
      `Scripted model: the script has ${this.#who()} hand off to ${target}, but ${this.#who()} offers handoffs to: ${shown.join(', ') || 'nobody'}. Fix the agent name, or add the handoff to the agent.`,
    );
  }

  #who(): string {
    return this.#agent?.name ?? 'the calling agent';
  }
}

/**
 * The target and tool name of one entry of `agent.handoffs`: a Handoff (`handoff(agent, …)`) or
 * an Agent. Read by shape, not with the SDK's `getHandoff`: the app may run its own copy of the
 * SDK, whose Handoff class is not the one Baton would import.
 */
function handoffOf(entry: unknown): { agentName: string; toolName: string } {
  const h = entry as { toolName?: unknown; agentName?: unknown; name?: unknown };
  if (typeof h.toolName === 'string' && typeof h.agentName === 'string')
    return { agentName: h.agentName, toolName: h.toolName };
  const name = typeof h.name === 'string' ? h.name : '?';
  // The SDK's default handoff tool name for an agent given as is.
  return { agentName: name, toolName: `transfer_to_${name.replace(/[^a-zA-Z0-9]/g, '_')}` };
}

/** A scripted model for one case: `scriptedModel({ steps: [[say('triage', 'Hi')], …] })`. */
export function scriptedModel(script: Script): ScriptedModel {
  return new ScriptedModel(script);
}
