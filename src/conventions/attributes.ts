/**
 * Baton's span conventions (documented in docs/conventions.md). `baton.event` says what a span
 * means; the other attributes carry its data. Baton's own step and case spans use the same names.
 */
export const ATTR = {
  event: 'baton.event',
  caseId: 'baton.case.id',
  stepIndex: 'baton.step.index',
  stepKind: 'baton.step.kind',
  /** The step a live system received, as JSON (Baton's step shape): what a shadow replays. */
  stepInput: 'baton.step.input',
  /** true on a span that ends its conversation (shadow mode finishes it without waiting). */
  conversationEnd: 'baton.conversation.end',
  agent: 'baton.agent.name',
  handoffFrom: 'baton.handoff.from',
  handoffTo: 'baton.handoff.to',
  handoffReason: 'baton.handoff.reason',
  handoffPayload: 'baton.handoff.payload',
  handoffPayloadSize: 'baton.handoff.payload_size',
  /** The conversation the receiver was handed with the work (after any filter), JSON text. */
  handoffHistory: 'baton.handoff.history',
  handoffTargetKind: 'baton.handoff.target_kind',
  /** true on a handoff the framework made to return finished work to its sender (not an agent's choice). */
  handoffAutoReturn: 'baton.handoff.auto_return',
  /** An id shared by handoffs one sender made side by side (a fan-out): made in no order. */
  handoffFanOut: 'baton.handoff.fan_out',
  ackBy: 'baton.ack.by',
  ackFrom: 'baton.ack.from',
  ackAccepted: 'baton.ack.accepted',
  ackReason: 'baton.ack.reason',
  ackMissing: 'baton.ack.missing',
  questionBy: 'baton.question.by',
  questionTo: 'baton.question.to',
  questionFields: 'baton.question.fields',
  returnBy: 'baton.return.by',
  returnTo: 'baton.return.to',
  /** The span id of the handoff or question the return answers. */
  returnOf: 'baton.return.of',
  returnAnswer: 'baton.return.answer',
  /** The words of the question, e.g. an agent's reply to the customer. */
  questionText: 'baton.question.text',
  person: 'baton.person.name',
  decision: 'baton.person.decision',
  effectName: 'baton.effect.name',
  effectKey: 'baton.effect.key',
  /** The agent allowed to commit the effect, when its source knows. */
  effectOwner: 'baton.effect.owner',
  /** committed | failed | blocked */
  effectOutcome: 'baton.effect.outcome',
  /** http | span */
  effectVia: 'baton.effect.via',
  requestRefused: 'baton.request.refused',
  workId: 'baton.work.id',
  claimGranted: 'baton.claim.granted',
  /** When the lease runs out, ms since the epoch. */
  claimExpiresAt: 'baton.claim.expires_at',
  toolName: 'baton.tool.name',
  /** The call's arguments, JSON text. */
  toolArgs: 'baton.tool.args',
  /** ok | error */
  toolOutcome: 'baton.tool.outcome',
  /** turn_limit | guardrail: why the implementation's framework stopped the run. */
  haltCause: 'baton.halt.cause',
  /** The limit that was hit (a number of turns or graph steps). */
  haltLimit: 'baton.halt.limit',
  haltGuardrail: 'baton.halt.guardrail',
  /** The framework's own words. */
  haltDetail: 'baton.halt.detail',
} as const;

/** OpenTelemetry HTTP semantic-convention attributes Baton writes on request spans. */
export const HTTP = {
  method: 'http.request.method',
  url: 'url.full',
  host: 'server.address',
  status: 'http.response.status_code',
} as const;

/** Values of `baton.event`. */
export const EVENT = {
  case: 'case',
  step: 'step',
  agent: 'agent',
  handoff: 'handoff',
  ack: 'ack',
  question: 'question',
  return: 'return',
  decision: 'decision',
  effect: 'effect',
  request: 'request',
  claim: 'claim',
  release: 'release',
  toolCall: 'tool_call',
  halt: 'halt',
} as const;

/** OpenTelemetry GenAI attributes Baton reads (semantic conventions, development status). */
export const GENAI = {
  operation: 'gen_ai.operation.name',
  agentName: 'gen_ai.agent.name',
  toolName: 'gen_ai.tool.name',
  toolArgs: 'gen_ai.tool.call.arguments',
  toolCallId: 'gen_ai.tool.call.id',
  /** The general OpenTelemetry attribute a failed operation's span carries. */
  errorType: 'error.type',
  conversationId: 'gen_ai.conversation.id',
} as const;
