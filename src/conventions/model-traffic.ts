/**
 * Attributes of the handoff spans Baton writes for handoffs it recognised in model API traffic
 * (docs/adapters/model-traffic.md), beside the shared `baton.handoff.*` ones.
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
} as const;

/** The value of `baton.handoff.via` on those spans. */
export const VIA_MODEL_TRAFFIC = 'model_traffic';
