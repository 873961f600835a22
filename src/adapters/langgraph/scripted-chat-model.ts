import {
  BaseChatModel,
  type BaseChatModelCallOptions,
  type BindToolsInput,
} from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';

/** A tool call a scripted reply makes, e.g. `{ name: 'transfer_to_refunds', args: { order_id } }`. */
export interface ScriptedToolCall {
  readonly name: string;
  readonly args?: Readonly<Record<string, unknown>>;
  readonly id?: string;
}

/** One model reply: plain text, or text and tool calls. */
export type ScriptedReply =
  | string
  | { readonly text?: string; readonly toolCalls?: readonly ScriptedToolCall[] };

/** What the model was called with: for replies computed from the conversation, and for asserts. */
export interface ModelCall {
  /** 0-based: the n-th call this model received. */
  readonly index: number;
  readonly messages: readonly BaseMessage[];
  /** Names of the tools bound to the model for this call. */
  readonly tools: readonly string[];
}

/** A reply, or a function of the call that returns one. */
export type ScriptEntry = ScriptedReply | ((call: ModelCall) => ScriptedReply);

export interface ScriptedChatModelFields {
  /** Shown in errors, e.g. the agent the model drives. */
  readonly name?: string;
  /** Replies in order, one per call; a call past the end fails, and so does `assertConsumed()` before it. */
  readonly script?: readonly ScriptEntry[];
  /**
   * Or: a reply for every call, computed from the conversation (a deterministic stand-in for a
   * prompt). Returning undefined fails the call as unexpected.
   */
  readonly respond?: (call: ModelCall) => ScriptedReply | undefined;
}

export type ScriptedModelErrorCode =
  | 'scripted_model.unexpected_call'
  | 'scripted_model.unknown_tool'
  | 'scripted_model.unconsumed';

/** The script and the graph disagree: the test is wrong or the graph changed. */
export class ScriptedModelError extends Error {
  override readonly name = 'ScriptedModelError';
  constructor(
    readonly code: ScriptedModelErrorCode,
    message: string,
  ) {
    super(message);
  }
}

interface ScriptedCallOptions extends BaseChatModelCallOptions {
  tools?: BindToolsInput[];
}

let callIds = 0;

/**
 * A tool-calling chat model driven by a script, for replaying a LangGraph app without a provider:
 * `createReactAgent({ llm: new ScriptedChatModel({ name: 'triage', script: [...] }) })`. It fails
 * loudly on a call its script did not expect, on a call to a tool that is not bound, and (through
 * `assertConsumed()`) on replies left over.
 */
export class ScriptedChatModel extends BaseChatModel<ScriptedCallOptions> {
  readonly label: string;
  /** Every call received so far. */
  readonly calls: ModelCall[] = [];
  private readonly script: readonly ScriptEntry[];
  private readonly respond: ScriptedChatModelFields['respond'];

  constructor(fields: ScriptedChatModelFields) {
    super({});
    this.label = fields.name ?? 'scripted';
    this.script = fields.script ?? [];
    this.respond = fields.respond;
  }

  _llmType(): string {
    return 'baton-scripted';
  }

  override bindTools(tools: BindToolsInput[], kwargs?: Partial<ScriptedCallOptions>) {
    return this.withConfig({ ...kwargs, tools });
  }

  async _generate(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
  ): Promise<ChatResult> {
    const call: ModelCall = { index: this.calls.length, messages, tools: toolNames(options.tools) };
    this.calls.push(call);
    const reply = this.replyTo(call);
    const message = this.toMessage(reply, call);
    return {
      generations: [{ text: typeof message.content === 'string' ? message.content : '', message }],
    };
  }

  /** Script replies not used yet (always 0 for a `respond` model). */
  get remaining(): number {
    return Math.max(0, this.script.length - this.calls.length);
  }

  /** Throws when the script has replies the graph never asked for. */
  assertConsumed(): void {
    if (this.remaining === 0) return;
    const left = this.script.slice(this.calls.length).map(describeEntry);
    throw new ScriptedModelError(
      'scripted_model.unconsumed',
      `Scripted model "${this.label}" was called ${this.calls.length} time(s) but its script has ${this.script.length} replies; unconsumed: ${left.join(', ')}. The graph stopped calling this model earlier than scripted: remove the replies or fix the graph.`,
    );
  }

  private replyTo(call: ModelCall): ScriptedReply {
    const entry = this.respond ? this.respond(call) : this.script[call.index];
    if (entry === undefined) {
      const why = this.respond
        ? 'its respond() returned no reply'
        : `its script has ${this.script.length} replies`;
      throw new ScriptedModelError(
        'scripted_model.unexpected_call',
        `Scripted model "${this.label}" got an unexpected call #${call.index + 1}: ${why}. Last message: ${lastMessage(call.messages)}. Add a reply, or find why the graph called this model again.`,
      );
    }
    return typeof entry === 'function' ? entry(call) : entry;
  }

  private toMessage(reply: ScriptedReply, call: ModelCall): AIMessage {
    const { text = '', toolCalls = [] } = typeof reply === 'string' ? { text: reply } : reply;
    for (const tc of toolCalls) {
      if (call.tools.includes(tc.name)) continue;
      const bound = call.tools.length > 0 ? call.tools.join(', ') : 'none';
      throw new ScriptedModelError(
        'scripted_model.unknown_tool',
        `Scripted model "${this.label}" was scripted to call ${tc.name} at call #${call.index + 1}, but the tools bound to it are: ${bound}. Fix the tool name in the script, or give the agent that tool.`,
      );
    }
    return new AIMessage({
      content: text,
      tool_calls: toolCalls.map((tc) => ({
        name: tc.name,
        args: { ...tc.args },
        id: tc.id ?? `call_${++callIds}`,
        type: 'tool_call' as const,
      })),
    });
  }
}

function toolNames(tools: readonly BindToolsInput[] | undefined): string[] {
  return (tools ?? []).flatMap((t) => {
    const named = t as { name?: unknown; function?: { name?: unknown } };
    const name = named.function?.name ?? named.name;
    return typeof name === 'string' ? [name] : [];
  });
}

function describeEntry(entry: ScriptEntry): string {
  if (typeof entry === 'function') return 'a computed reply';
  if (typeof entry === 'string') return JSON.stringify(entry);
  const calls = (entry.toolCalls ?? []).map((c) => c.name);
  return calls.length > 0 ? `calls ${calls.join(' + ')}` : JSON.stringify(entry.text ?? '');
}

function lastMessage(messages: readonly BaseMessage[]): string {
  const last = messages.at(-1);
  if (!last) return 'none';
  const text = typeof last.content === 'string' ? last.content : JSON.stringify(last.content);
  return `${last.type} ${JSON.stringify(text.length > 80 ? `${text.slice(0, 79)}…` : text)}`;
}
