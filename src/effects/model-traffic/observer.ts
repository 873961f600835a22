import { asksSomething } from '../../model/asking.ts';
import type { Case } from '../../model/labelled-case.ts';
import type { ModelTrafficConfig } from '../../model/model-traffic-config.ts';
import type { CaseState } from '../case-state.ts';
import type { Call } from '../ledger.ts';
import { ActiveAgent } from './active-agent.ts';
import { agentOfRequest } from './agent-rules.ts';
import { emitTrafficHandoff } from './handoff-span.ts';
import { type HandoffToolMatcher, handoffToolMatcher } from './handoff-tools.ts';
import { parseModelReply } from './parse-reply.ts';
import { readText } from './read-text.ts';
import { replyHandoffs } from './reply-handoffs.ts';
import {
  emitToolCallFailed,
  emitTrafficQuestion,
  emitTrafficToolCall,
  type ReplyPlace,
} from './reply-spans.ts';
import { requestFacts } from './request-facts.ts';
import { failedToolResults } from './tool-results.ts';

/** Who carries out what the case's model responses asked for, as an effect is made. */
export interface ActingOn {
  readonly agent: string | undefined;
  /** `MODEL_TRAFFIC_ATTR.response` of the last response, when it made several calls. */
  readonly response: string | undefined;
}

/** One running case's view of its model traffic. */
interface TrafficCase {
  readonly active: ActiveAgent;
  readonly participants: readonly string[];
  /** The agent whose model response the case read last: the one acting on it. */
  lastSender: string | undefined;
  /** Model responses read so far: each is numbered by it. */
  responses: number;
  /**
   * The number of the last response, when it made several calls and one of them was a tool call
   * (not a handoff): the effects made now carry that call out.
   */
  lastResponse: string | undefined;
  /** Ids of the tool calls read from its responses whose failure a later request may report. */
  readonly toolIds: Set<string>;
  /** Responses (and requests) are read one after another, in the order they arrived. */
  tail: Promise<void>;
  pending: number;
}

/**
 * The msw side of model traffic: every response msw hands to a running case is read (from msw's
 * clone, so the caller's body is untouched). Under the context the request was made in, each
 * tool call that is a handoff becomes a Baton handoff span, every other one a tool-call span,
 * and the final text of a turn that asks something a question span. A later request whose
 * `tool_result` says `is_error` marks that tool call failed.
 */
export class ModelTrafficObserver {
  private readonly matcher: HandoffToolMatcher;
  private readonly calls = new Map<string, Call>();
  private readonly cases = new Map<CaseState, TrafficCase>();

  constructor(private readonly config: ModelTrafficConfig) {
    this.matcher = handoffToolMatcher(config);
  }

  openCase(state: CaseState, testCase: Case): void {
    this.cases.set(state, {
      active: new ActiveAgent(testCase.entry, testCase.persons),
      participants: [...testCase.agents, ...testCase.persons],
      lastSender: undefined,
      responses: 0,
      lastResponse: undefined,
      toolIds: new Set(),
      tail: Promise.resolve(),
      pending: 0,
    });
  }

  /** A request of a running case began: keep it until its response arrives. */
  track(call: Call): void {
    const traffic = this.cases.get(call.state);
    if (!traffic) return;
    this.calls.set(call.requestId, call);
    const json = call.request.headers.get('content-type')?.includes('json') ?? false;
    // The request body can be copied only before msw sends it on: copy it now if rules need it,
    // or if it may carry the results of the tool calls the case read.
    if (this.config.agents.length > 0 || json) call.body().catch(() => undefined);
    if (json) this.enqueue(traffic, () => this.readResults(call, traffic));
  }

  /** msw's `response:mocked` / `response:bypass`: `response` is msw's clone. */
  responded(requestId: string, response: Response): void {
    const call = this.calls.get(requestId);
    this.calls.delete(requestId);
    const traffic = call && this.cases.get(call.state);
    if (!call || !traffic || !response.ok) return;
    const at = performance.now();
    const body = readText(response);
    const type = response.headers.get('content-type');
    this.enqueue(traffic, () => this.judge(call, traffic, body, type, at));
  }

  private enqueue(traffic: TrafficCase, work: () => Promise<void>): void {
    traffic.pending++;
    traffic.tail = traffic.tail
      .then(work)
      .catch(() => undefined)
      .finally(() => {
        traffic.pending--;
      });
  }

  /** Waits until every response the case received has been judged (or the case is aborted). */
  async settle(state: CaseState, signal: () => AbortSignal): Promise<void> {
    const traffic = this.cases.get(state);
    if (!traffic || traffic.pending === 0) return;
    const aborted = signal();
    if (aborted.aborted) return;
    await new Promise<void>((resolve) => {
      aborted.addEventListener('abort', () => resolve(), { once: true });
      traffic.tail.then(resolve);
    });
  }

  /**
   * Who acts when the case makes a request: the agent whose model response it read last (a tool
   * that response asked for is that agent's, even when the same response hands off; the receiver
   * acts once its own model call answered), else the entry; and, when that response made several
   * calls (handoffs and tool calls), its number: the request carries out one of those calls,
   * decided at once with the others, so it has no order against them. Read once every response
   * the case received so far is judged (or the case ended), so the answer does not depend on how
   * the two reads interleave; undefined for a case this observer does not follow.
   */
  async actingOn(state: CaseState): Promise<ActingOn | undefined> {
    const traffic = this.cases.get(state);
    if (!traffic) return undefined;
    await this.settle(state, () => state.ended.signal);
    return { agent: traffic.lastSender ?? traffic.active.agent, response: traffic.lastResponse };
  }

  closeCase(state: CaseState): void {
    this.cases.delete(state);
    for (const [id, call] of this.calls) if (call.state === state) this.calls.delete(id);
  }

  private async judge(
    call: Call,
    traffic: TrafficCase,
    body: Promise<string>,
    contentType: string | null,
    at: number,
  ): Promise<void> {
    const reply = parseModelReply(await body, contentType);
    if (!reply) return;
    const rules = this.config.agents;
    const ruleAgent =
      rules.length > 0 ? agentOfRequest(rules, requestFacts(await call.bodyText())) : undefined;
    const sender = traffic.active.sender(ruleAgent);
    traffic.lastSender = sender.agent;
    traffic.responses++;
    const response = { number: String(traffic.responses), calls: reply.toolCalls.length };
    // Effects carry out tool calls: after a response of handoffs alone, none is being carried out.
    traffic.lastResponse =
      response.calls > 1 && reply.toolCalls.some((c) => !this.matcher(c.name))
        ? response.number
        : undefined;
    const handoffs = replyHandoffs(reply, {
      matcher: this.matcher,
      participants: traffic.participants,
      active: traffic.active,
      ruleAgent,
    });
    const place: ReplyPlace = {
      tracer: call.tracer,
      parent: call.parent,
      api: reply.api,
      sender,
      at,
      response,
    };
    // In the order the model made the calls: handoffs and tool calls of one response tie in time.
    let next = 0;
    for (const toolCall of reply.toolCalls) {
      if (this.matcher(toolCall.name)) {
        const handoff = handoffs[next++];
        if (handoff) emitTrafficHandoff(call.tracer, call.parent, handoff, reply.api, at, response);
        continue;
      }
      emitTrafficToolCall(place, toolCall);
      if (toolCall.id !== undefined) traffic.toolIds.add(toolCall.id);
    }
    if (reply.toolCalls.length === 0 && asksSomething(reply.text))
      emitTrafficQuestion(place, reply.text);
  }

  /** Marks failed each tool call read earlier whose `tool_result` in this request says so. */
  private async readResults(call: Call, traffic: TrafficCase): Promise<void> {
    for (const id of failedToolResults(await call.bodyText()))
      if (traffic.toolIds.delete(id))
        emitToolCallFailed(call.tracer, call.parent, id, performance.now());
  }
}
