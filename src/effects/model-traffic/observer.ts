import type { Case } from '../../model/labelled-case.ts';
import type { ModelTrafficConfig } from '../../model/model-traffic-config.ts';
import type { CaseState } from '../case-state.ts';
import type { Call } from '../ledger.ts';
import { ActiveAgent } from './active-agent.ts';
import { agentOfRequest } from './agent-rules.ts';
import { emitTrafficHandoff } from './handoff-span.ts';
import { type HandoffToolMatcher, handoffToolMatcher } from './handoff-tools.ts';
import { parseModelReply } from './parse-reply.ts';
import { replyHandoffs } from './reply-handoffs.ts';
import { requestFacts } from './request-facts.ts';

/** One running case's view of its model traffic. */
interface TrafficCase {
  readonly active: ActiveAgent;
  readonly participants: readonly string[];
  /** The agent whose model response the case read last: the one acting on it. */
  lastSender: string | undefined;
  /** Responses are judged one after another, in the order they arrived. */
  tail: Promise<void>;
  pending: number;
}

/**
 * The msw side of model-traffic handoffs: every response msw hands to a running case is read
 * (from msw's clone, so the caller's body is untouched); the tool calls that are handoffs become
 * Baton handoff spans under the context the request was made in.
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
      tail: Promise.resolve(),
      pending: 0,
    });
  }

  /** A request of a running case began: keep it until its response arrives. */
  track(call: Call): void {
    if (!this.cases.has(call.state)) return;
    this.calls.set(call.requestId, call);
    // The request body can be copied only before msw sends it on: copy it now if rules need it.
    if (this.config.agents.length > 0) call.body().catch(() => undefined);
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
    traffic.pending++;
    traffic.tail = traffic.tail
      .then(() => this.judge(call, traffic, body, type, at))
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
   * Who acts when the case makes a request no agent span or framework attributes: the agent
   * whose model response it read last (a tool that response asked for is that agent's, even when
   * the same response hands off; the receiver acts once its own model call answered), else the
   * entry. Read once every response the case received so far is judged (or the case ended), so
   * the answer does not depend on how the two reads interleave; undefined for a case this
   * observer does not follow.
   */
  async activeAgent(state: CaseState): Promise<string | undefined> {
    const traffic = this.cases.get(state);
    if (!traffic) return undefined;
    await this.settle(state, () => state.ended.signal);
    return traffic.lastSender ?? traffic.active.agent;
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
    traffic.lastSender = traffic.active.sender(ruleAgent).agent;
    const handoffs = replyHandoffs(reply, {
      matcher: this.matcher,
      participants: traffic.participants,
      active: traffic.active,
      ruleAgent,
    });
    for (const h of handoffs) emitTrafficHandoff(call.tracer, call.parent, h, reply.api, at);
  }
}

/** The whole body as text; a stream that fails midway gives what arrived before it failed. */
async function readText(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // Cut off: judge the part that arrived (a streamed call counts only if it completed).
  }
  return text + decoder.decode();
}
