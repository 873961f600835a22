/**
 * Attributes of the spans Baton writes for what it read in model API traffic
 * (docs/adapters/model-traffic.md): handoffs, other tool calls and questions, beside the shared
 * `baton.handoff.*`, `baton.tool.*` and `baton.question.*` ones.
 */
export const MODEL_TRAFFIC_ATTR = {
  /** `model_traffic`: the handoff was read from a model response, not traced by the app. */
  via: 'baton.handoff.via',
  /** The tool the model called, e.g. handoff_to_writer. */
  tool: 'baton.handoff.tool',
  /** The API's id of that call (`toolu_…`, `call_…`). */
  toolCallId: 'baton.handoff.tool_call_id',
  /** `anthropic.messages`, `openai.chat_completions` or `openai.responses`. */
  api: 'baton.model.api',
  /** How Baton knew the sender: `rule` (the suite's agents rules) or `active` (the active agent). */
  senderBy: 'baton.handoff.sender_by',
  /** Which rule made the tool a handoff: `built-in`, `tools …` or `pattern …`. */
  rule: 'baton.handoff.rule',
  /**
   * On an effect span no agent span or framework attributes: the agent whose model response the
   * case had read last when the request was made (the entry before any), who acts on it.
   */
  activeAgent: 'baton.model_traffic.active_agent',
  /** `model_traffic` on a tool-call span: a tool call (not a handoff) read from a model response. */
  toolVia: 'baton.tool.via',
  /**
   * The API's id of a tool call read from the traffic. On a span with no `baton.event`, beside
   * `baton.tool.via` and `baton.tool.outcome = error`: a later request's `tool_result` for that
   * call said `is_error`.
   */
  toolId: 'baton.tool.call_id',
  /** `model_traffic` on a question span: the model's final text of its turn asked something. */
  questionVia: 'baton.question.via',
  /** On tool-call and question spans read from the traffic: `rule` or `active`, as for handoffs. */
  agentBy: 'baton.model_traffic.sender_by',
  /**
   * The case's number for one model response, on each span read from it; and, when the response
   * made several calls with a tool call among them, on each effect the application made while
   * carrying those calls out (before the case's next model response). The calls of a response
   * that made several were decided at once: events that share its number have no order among
   * them (`sideBySide`).
   */
  response: 'baton.model_traffic.response',
  /** On the spans read from one model response: how many calls (handoffs and tool calls) it made. */
  calls: 'baton.model_traffic.calls',
} as const;

/** The value of `baton.handoff.via` on those spans. */
export const VIA_MODEL_TRAFFIC = 'model_traffic';
