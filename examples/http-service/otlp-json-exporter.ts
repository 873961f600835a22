import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

type ExportResult = Parameters<SpanExporter['export']>[1] extends (result: infer R) => void
  ? R
  : never;

/**
 * A span exporter that posts OTLP/JSON to an OTLP/HTTP endpoint (`.../v1/traces`), built from
 * the SDK's own serializer and `fetch`. In a real service, `@opentelemetry/exporter-trace-otlp-
 * http` does the same with retries; this one keeps the example free of extra packages.
 */
export class OtlpJsonExporter implements SpanExporter {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly url: string) {}

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    const body = JsonTraceSerializer.serializeRequest(spans);
    const sent = fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body ?? '{}',
    }).then(
      async (res) => {
        await res.body?.cancel();
        done(
          res.ok
            ? { code: 0 }
            : { code: 1, error: new Error(`${this.url} answered ${res.status}`) },
        );
      },
      (error: unknown) => done({ code: 1, error: error as Error }),
    );
    this.pending.add(sent);
    void sent.finally(() => this.pending.delete(sent));
  }

  async forceFlush(): Promise<void> {
    await Promise.all(this.pending);
  }

  shutdown(): Promise<void> {
    return this.forceFlush();
  }
}
