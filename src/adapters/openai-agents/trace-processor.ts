import type { Span, SpanData, Trace, TracingProcessor } from '@openai/agents';
import { preciseNow, recordSdkSpan, type SdkSpanRecord } from './sdk-span.ts';

/** What a started span tells before it ends: its parent, and the agent when it is an agent span. */
interface Started {
  readonly parentId: string | null;
  readonly agent: string | undefined;
}

/** The SDK spans of one turn's trace, gathered while the turn runs. */
export class TurnRecording {
  readonly spans: SdkSpanRecord[] = [];
  /** Set when the processor saw the trace start: proof that the SDK reported to Baton. */
  sawTrace = false;
  readonly #starts = new Map<string, number>();
  readonly #tree = new Map<string, Started>();

  started(span: Span<SpanData>): void {
    this.#starts.set(span.spanId, preciseNow());
    const data = span.spanData as { type: string; name?: unknown };
    const agent = data.type === 'agent' && typeof data.name === 'string' ? data.name : undefined;
    this.#tree.set(span.spanId, { parentId: span.parentId, agent });
  }

  /**
   * The SDK name of the agent a span of this turn runs under (its nearest agent span), while the
   * turn runs: what a tool's outbound request is attributed to.
   */
  agentOf(spanId: string): string | undefined {
    for (let id: string | null = spanId; id !== null; ) {
      const node = this.#tree.get(id);
      if (!node) return undefined;
      if (node.agent !== undefined) return node.agent;
      id = node.parentId;
    }
    return undefined;
  }

  ended(span: Span<SpanData>): void {
    this.spans.push(recordSdkSpan(span, this.#starts.get(span.spanId)));
    this.#starts.delete(span.spanId);
  }
}

/**
 * Baton's tracing processor for the OpenAI Agents SDK. The SDK's processors are global, so one
 * processor serves every case in flight: each turn runs in a trace of its own, and the processor
 * routes a span to the recording of its trace id. Spans of traces Baton did not open are dropped:
 * this processor exports nothing, anywhere.
 */
export class BatonTraceProcessor implements TracingProcessor {
  readonly #turns = new Map<string, TurnRecording>();

  /** Starts recording the trace `traceId`; `close` returns what it gathered. */
  open(traceId: string): TurnRecording {
    const recording = new TurnRecording();
    this.#turns.set(traceId, recording);
    return recording;
  }

  close(traceId: string): void {
    this.#turns.delete(traceId);
  }

  async onTraceStart(trace: Trace): Promise<void> {
    const recording = this.#turns.get(trace.traceId);
    if (recording) recording.sawTrace = true;
  }

  async onTraceEnd(_trace: Trace): Promise<void> {}

  // Called synchronously from Span.start(): the clock reading is the span's real start.
  async onSpanStart(span: Span<SpanData>): Promise<void> {
    this.#turns.get(span.traceId)?.started(span);
  }

  async onSpanEnd(span: Span<SpanData>): Promise<void> {
    this.#turns.get(span.traceId)?.ended(span);
  }

  async shutdown(): Promise<void> {}

  async forceFlush(): Promise<void> {}
}
