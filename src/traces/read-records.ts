import type { SpanRecord } from '../normalize/span-record.ts';
import { spanDefect, toSpanRecord } from './otlp-spans.ts';
import { type OnProblem, readSpanBatches, type StoredRange } from './read-batches.ts';

const SPAN_FIX =
  'every span needs a traceId, a spanId and a startTimeUnixNano: export the file again with an OpenTelemetry exporter';

/** The spans read from one place in a file, as records. */
export interface RecordBatch {
  readonly spans: SpanRecord[];
  readonly line: number;
  readonly range: StoredRange;
}

/**
 * Streams a trace file's spans as SpanRecords (`readSpanBatches` names the formats). A span
 * that cannot become a record is a problem naming its line and why; the rest are still read.
 */
export async function* readSpanRecords(
  file: string,
  onProblem: OnProblem,
): AsyncGenerator<RecordBatch> {
  for await (const batch of readSpanBatches(file, onProblem)) {
    const spans: SpanRecord[] = [];
    for (const raw of batch.raw) {
      const span = toSpanRecord(raw);
      if (span) spans.push(span);
      else
        onProblem({
          file,
          line: batch.line,
          message: spanDefect(raw) ?? 'not a span',
          fix: SPAN_FIX,
        });
    }
    yield { spans, line: batch.line, range: batch.range };
  }
}
