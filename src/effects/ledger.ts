import { type Context, context, type Span, type Tracer } from '@opentelemetry/api';
import { HttpResponse } from 'msw';
import type { Attribution, CaseRegistry, CaseState } from './case-state.ts';
import { redactUrl } from './cassette/redact.ts';
import { endRequestSpan, type Route, startRequestSpan } from './spans.ts';

/** One intercepted request while the ledger decides how to answer it. */
export class Call {
  readonly url: URL;
  readonly state: CaseState;
  /** The context the request was made in: its spans' parent (the active agent span). */
  readonly parent: Context;
  /** The acting agent its framework named when the request was made, if one did. */
  readonly agent: string | undefined;
  /** The model response whose call the request carries out, when its framework tells. */
  readonly response: string | undefined;
  private readonly span: Span;
  private bytes: Promise<Uint8Array> | undefined;

  constructor(
    readonly request: Request,
    readonly requestId: string,
    who: Attribution,
  ) {
    this.url = new URL(request.url);
    this.state = who.state;
    this.parent = who.parent;
    this.agent = who.agent;
    this.response = who.response;
    const shown = { method: request.method, url: redactUrl(this.url), agent: who.agent };
    this.span = startRequestSpan(this.tracer, who.parent, shown, who.contextLost);
  }

  get tracer(): Tracer {
    return this.state.tracer;
  }

  /** The request body, read once from a clone so the original can still pass through. */
  body(): Promise<Uint8Array> {
    this.bytes ??= this.request
      .clone()
      .arrayBuffer()
      .then((b) => new Uint8Array(b));
    return this.bytes;
  }

  async bodyText(): Promise<string> {
    return new TextDecoder().decode(await this.body());
  }

  annotate(attributes: Record<string, string | number | boolean>): void {
    this.span.setAttributes(attributes);
  }

  /** Answers with `response` and closes the request span with its status. */
  answer(route: Route, response: Response): Response {
    endRequestSpan(this.span, route, { status: response.status });
    return response;
  }

  /** Answers with a network error: the caller sees a failed connection, nothing was sent. */
  fail(route: Route, error: string): Response {
    endRequestSpan(this.span, route, { error });
    return HttpResponse.error();
  }

  /** The request goes to the real host; its span ends when the response arrives (or the case ends). */
  passThrough(): void {
    this.state.inFlight.set(this.requestId, this.span);
  }
}

/** Starts a Call for a request, attributed to its case by the async context it was made in. */
export function beginCall(registry: CaseRegistry, request: Request, requestId: string): Call {
  return new Call(request, requestId, registry.attribute(context.active()));
}

/** Closes the span of a passed-through request when its response arrives. */
export function passThroughDone(
  registry: CaseRegistry,
  requestId: string,
  response: Response,
): void {
  for (const state of [...registry.running, registry.outside]) {
    const span = state.inFlight.get(requestId);
    if (!span) continue;
    state.inFlight.delete(requestId);
    endRequestSpan(span, 'allowed', { status: response.status });
    return;
  }
}

/** Closes the spans of requests still in flight when their case ends (no response seen). */
export function closeInFlight(state: CaseState): void {
  for (const span of state.inFlight.values())
    endRequestSpan(span, 'allowed', { error: 'no response before the case ended' });
  state.inFlight.clear();
}
