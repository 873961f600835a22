import { hexId } from './otlp.mjs';

// What one `Runner.run` of the Python OpenAI Agents SDK leaves in the trace when
// openinference-instrumentation-openai-agents is installed (OpenInferenceTracingProcessor):
// - the trace itself: a root span named after the workflow, kind AGENT, no agent name;
// - an agent span per agent that runs (AGENT; graph.node.id and agent.name; graph.node.parent_id
//   when a handoff brought the work), children of the root;
// - under an agent span: a `response` span per model call (LLM; the request's input items, the
//   response as JSON in output.value and flattened into llm.output_messages.*), a span per
//   function tool call (TOOL, named after the tool; tool.name, the arguments in input.value,
//   the result in output.value, an error status when the tool raised), and for a handoff a
//   TOOL span `handoff to <agent>` whose input.value is the sender's name and output.value the
//   receiver's (the SDK's handoff span carries no arguments).
// Every span carries session.id: the app runs each conversation under `using_session(...)`.

const MS = 1_000_000;

/** Python's `transform_string_function_style`: the SDK's default handoff tool name. */
export function handoffToolName(agent) {
  return `transfer_to_${agent.replace(/[^a-zA-Z0-9]/g, '_').toLowerCase()}`;
}

export class AgentsRun {
  /**
   * @param {{ session: string, workflow: string, seed: string, startNs: bigint,
   *   agents: Record<string, { instructions: string, tools: object[] }>, history: object[],
   *   user: string }} setup
   */
  constructor(setup) {
    this.setup = setup;
    this.spans = [];
    this.clock = setup.startNs;
    this.traceId = hexId(`${setup.seed}:trace`, 16);
    this.history = setup.history;
    this.history.push({ content: setup.user, role: 'user' });
    this.root = this.#open(setup.workflow, undefined, { 'openinference.span.kind': 'AGENT' });
    this.current = undefined;
    this.pendingParent = undefined;
    this.calls = 0;
  }

  /** The runner starts `name`'s agent span (ending the one before). */
  agent(name) {
    this.#endAgent();
    const attributes = {
      'openinference.span.kind': 'AGENT',
      'graph.node.id': name,
      'agent.name': name,
      ...(this.pendingParent !== undefined && { 'graph.node.parent_id': this.pendingParent }),
    };
    this.pendingParent = undefined;
    this.current = { name, span: this.#open(name, this.root, attributes) };
    return this;
  }

  /** A model call whose answer is a function call. */
  call(name, args) {
    this.calls += 1;
    const item = {
      arguments: JSON.stringify(args),
      call_id: `call_${hexId(`${this.traceId}:${this.calls}`, 12)}`,
      name,
      type: 'function_call',
      id: `fc_${hexId(`${this.traceId}:fc${this.calls}`, 12)}`,
      status: 'completed',
    };
    this.#response(item, {
      'llm.output_messages.0.message.role': 'assistant',
      'llm.output_messages.0.message.tool_calls.0.tool_call.id': item.call_id,
      'llm.output_messages.0.message.tool_calls.0.tool_call.function.name': name,
      ...(item.arguments !== '{}' && {
        'llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments': item.arguments,
      }),
    });
    this.lastCall = item;
    return this;
  }

  /** A model call whose answer is text: the turn's final output when nothing follows. */
  say(text) {
    this.calls += 1;
    const item = {
      id: `msg_${hexId(`${this.traceId}:msg${this.calls}`, 12)}`,
      content: [{ annotations: [], text, type: 'output_text' }],
      role: 'assistant',
      status: 'completed',
      type: 'message',
    };
    this.#response(item, {
      'llm.output_messages.0.message.role': 'assistant',
      'llm.output_messages.0.message.contents.0.message_content.type': 'text',
      'llm.output_messages.0.message.contents.0.message_content.text': text,
    });
    return this;
  }

  /** The function tool the last model call asked for runs; `error` when it raised. */
  tool(output, { error, ms = 120 } = {}) {
    const call = this.lastCall;
    const span = this.#open(call.name, this.current.span, {
      'openinference.span.kind': 'TOOL',
      'tool.name': call.name,
      'input.value': call.arguments,
      'input.mime_type': 'application/json',
      'output.value': output,
      ...(output.startsWith('{') &&
        output.endsWith('}') && { 'output.mime_type': 'application/json' }),
    });
    this.#close(
      span,
      ms,
      error === undefined
        ? undefined
        : `Error running tool (non-fatal): ${JSON.stringify({ tool_name: call.name, error })}`,
    );
    this.history.push({ call_id: call.call_id, output, type: 'function_call_output' });
    return this;
  }

  /** `call` + `tool`: the model calls a tool and it runs. */
  use(name, args, output, options) {
    return this.call(name, args).tool(output, options);
  }

  /** The model calls the handoff tool to `to`; the SDK hands over and `to` starts. */
  transfer(to, args) {
    this.call(handoffToolName(to), args);
    const from = this.current.name;
    const span = this.#open(`handoff to ${to}`, this.current.span, {
      'openinference.span.kind': 'TOOL',
      'input.value': from,
      'output.value': to,
    });
    this.#close(span, 2);
    this.history.push({
      call_id: this.lastCall.call_id,
      output: JSON.stringify({ assistant: to }),
      type: 'function_call_output',
    });
    this.pendingParent = from;
    return this.agent(to);
  }

  /** Ends the run: the last agent span, then the trace. */
  finish() {
    this.#endAgent();
    this.#close(this.root, 1);
    return this.spans;
  }

  #response(item, outputAttributes) {
    const agent = this.setup.agents[this.current.name];
    const input = [...this.history];
    const response = {
      id: `resp_${hexId(`${this.traceId}:resp${this.calls}`, 16)}`,
      created_at: Number(this.clock / 1_000_000_000n),
      model: 'gpt-4.1-mini-2025-04-14',
      object: 'response',
      output: [item],
      parallel_tool_calls: false,
      tool_choice: 'auto',
      tools: agent.tools,
      usage: { input_tokens: 412, output_tokens: 38, total_tokens: 450 },
      instructions: agent.instructions,
      status: 'completed',
    };
    const span = this.#open('response', this.current.span, {
      'openinference.span.kind': 'LLM',
      'llm.system': 'openai',
      'output.mime_type': 'application/json',
      'output.value': JSON.stringify(response),
      ...Object.fromEntries(
        agent.tools.map((t, i) => [
          `llm.tools.${i}.tool.json_schema`,
          JSON.stringify({ type: 'function', function: t }),
        ]),
      ),
      'llm.token_count.completion': 38,
      'llm.token_count.prompt': 412,
      'llm.token_count.total': 450,
      ...outputAttributes,
      'llm.input_messages.0.message.role': 'system',
      'llm.input_messages.0.message.content': agent.instructions,
      'llm.model_name': response.model,
      'input.mime_type': 'application/json',
      'input.value': JSON.stringify(input),
      ...inputMessages(input),
    });
    this.#close(span, 640);
    this.history.push(item);
  }

  #endAgent() {
    if (this.current === undefined) return;
    this.#close(this.current.span, 1);
    this.current = undefined;
  }

  #open(name, parent, attributes) {
    this.clock += 3n * BigInt(MS);
    const span = {
      traceId: this.traceId,
      spanId: hexId(`${this.traceId}:${this.spans.length}`, 8),
      ...(parent !== undefined && { parentSpanId: parent.spanId }),
      name,
      start: this.clock,
      end: undefined,
      attributes: { ...attributes, 'session.id': this.setup.session },
      error: undefined,
    };
    this.spans.push(span);
    return span;
  }

  #close(span, ms, error) {
    this.clock += BigInt(ms) * BigInt(MS);
    span.end = this.clock;
    span.error = error;
  }
}

/** `llm.input_messages.<i>.*` for the input items, from index 1 (0 is the instructions). */
function inputMessages(items) {
  const out = {};
  items.forEach((item, n) => {
    const p = `llm.input_messages.${n + 1}.message.`;
    if (item.type === 'function_call') {
      out[`${p}role`] = 'assistant';
      out[`${p}tool_calls.0.tool_call.id`] = item.call_id;
      out[`${p}tool_calls.0.tool_call.function.name`] = item.name;
      if (item.arguments !== '{}')
        out[`${p}tool_calls.0.tool_call.function.arguments`] = item.arguments;
    } else if (item.type === 'function_call_output') {
      out[`${p}role`] = 'tool';
      out[`${p}tool_call_id`] = item.call_id;
      out[`${p}content`] = item.output;
    } else if (item.type === 'message') {
      out[`${p}role`] = item.role;
      item.content.forEach((c, j) => {
        out[`${p}contents.${j}.message_content.type`] = 'text';
        out[`${p}contents.${j}.message_content.text`] = c.text;
      });
    } else {
      out[`${p}role`] = item.role;
      out[`${p}content`] = item.content;
    }
  });
  return out;
}
