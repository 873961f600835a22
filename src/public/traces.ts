/**
 * `baton-handoffs/traces`: reading recorded OTLP traces and normalising them into timelines, for
 * tools of your own that stream exports (a Collector's file exporter, a backend's dump). The
 * same functions as the main entry, without the rest of Baton: importing this loads the reader
 * and the span recognizers only (no zod, no OpenTelemetry SDK, no reporters), so a process that
 * streams a large file starts faster and holds about 30 MB less.
 */
export type {
  HandoffEvent,
  QuestionEvent,
  Timeline,
  TimelineEvent,
  ToolCallEvent,
} from '../model/timeline.ts';
export { BUILT_IN_RECOGNIZERS, normalize } from '../normalize/normalize.ts';
export type { Recognizer } from '../normalize/recognizer.ts';
export type { AttrValue, SpanRecord } from '../normalize/span-record.ts';
export type { OnProblem, TraceProblem } from '../traces/read-batches.ts';
export { type ReadTracesOptions, readTraces, type Trace } from '../traces/read-traces.ts';
