import type { SpanRecord } from '../normalize/span-record.ts';
import { rawStringAttr, rawTraceId, spanDefect, toSpanRecord } from './otlp-spans.ts';
import {
  readRanges,
  readSpanBatches,
  type SpanBatch,
  type StoredRange,
  type TraceProblem,
} from './read-batches.ts';

/**
 * Attributes that name the conversation a trace belongs to: OpenTelemetry GenAI, OpenInference,
 * Baton's own case root, and the OpenAI Agents SDK's trace `group_id` as exporters flatten it.
 */
export const CONVERSATION_KEYS: ReadonlySet<string> = new Set([
  'gen_ai.conversation.id',
  'session.id',
  'baton.case.id',
  'group_id',
]);

const MAX_PROBLEMS = 100;

/**
 * Where one trace's spans are, as plain numbers (a trace index holds one per trace of the file,
 * so objects per range would cost several times the ranges themselves): the spans array and
 * index of its last span (-1 in JSON lines), then the start and end of each range in turn.
 */
type Entry = number[];
const LAST_LIST = 0;
const LAST_INDEX = 1;
const FIRST_RANGE = 2;

/**
 * Where each trace of one file is, read in one streaming pass: per trace id, the byte ranges of
 * the lines (or runs of span objects) holding its spans; per conversation id, its traces. Memory
 * grows with the number of traces, not spans; a case's trace is then read back by range.
 */
export class TraceIndex {
  private readonly entries = new Map<string, Entry>();
  private readonly conversationTraces = new Map<string, Set<string>>();
  /** What a range of this file holds: every range of one file is of one kind. */
  private kind: StoredRange['kind'] = 'request';

  private readonly found: TraceProblem[] = [];

  private constructor(readonly file: string) {}

  static async build(file: string): Promise<TraceIndex> {
    const index = new TraceIndex(file);
    for await (const batch of readSpanBatches(file, (p) => index.problem(p))) index.add(batch);
    return index;
  }

  /** What could not be read: the first 100 problems (a file that is not OTLP has one a line). */
  get problems(): readonly TraceProblem[] {
    return this.found;
  }

  private problem(p: TraceProblem): void {
    if (this.found.length < MAX_PROBLEMS) this.found.push(p);
  }

  get traceIds(): IterableIterator<string> {
    return this.entries.keys();
  }

  has(traceId: string): boolean {
    return this.entries.has(traceId);
  }

  /** The traces holding a span that names this conversation (ids of the file's traces). */
  conversation(id: string): readonly string[] {
    return [...(this.conversationTraces.get(id) ?? [])];
  }

  /** Reads the spans of these traces back from the file. */
  async load(traceIds: readonly string[]): Promise<SpanRecord[]> {
    const wanted = new Set(traceIds);
    const ranges = new Map<number, StoredRange>();
    for (const id of wanted) {
      const entry = this.entries.get(id) ?? [];
      for (let i = FIRST_RANGE; i < entry.length; i += 2) {
        const start = entry[i] as number;
        ranges.set(start, { start, end: entry[i + 1] as number, kind: this.kind });
      }
    }
    const sorted = [...ranges.values()].sort((a, b) => a.start - b.start);
    const spans: SpanRecord[] = [];
    for (const raw of await readRanges(this.file, sorted)) {
      const id = rawTraceId(raw);
      if (id === undefined || !wanted.has(id)) continue;
      const span = toSpanRecord(raw);
      if (span) spans.push(span);
    }
    return spans;
  }

  private add(batch: SpanBatch): void {
    for (const raw of batch.raw) {
      const defect = spanDefect(raw);
      if (defect !== undefined) {
        this.problem({ file: this.file, line: batch.line, message: defect });
        continue;
      }
      const id = rawTraceId(raw) as string;
      this.addRange(id, batch);
      const conversation = rawStringAttr(raw, CONVERSATION_KEYS);
      if (conversation !== undefined) {
        const set = this.conversationTraces.get(conversation) ?? new Set<string>();
        set.add(id);
        this.conversationTraces.set(conversation, set);
      }
    }
  }

  private addRange(id: string, batch: SpanBatch): void {
    const { range } = batch;
    this.kind = range.kind;
    let entry = this.entries.get(id);
    if (entry === undefined) {
      entry = [-1, -1];
      this.entries.set(id, entry);
    }
    const last = entry.length - 2; // the last range's start, when there is one
    if (last >= FIRST_RANGE && entry[last] === range.start) return; // another span of the line
    // Adjacent span objects of one array read back as one run: `{…},{…}`.
    if (
      last >= FIRST_RANGE &&
      batch.list === entry[LAST_LIST] &&
      batch.index === (entry[LAST_INDEX] as number) + 1
    ) {
      entry[last + 1] = range.end;
    } else entry.push(range.start, range.end);
    entry[LAST_LIST] = batch.list ?? -1;
    entry[LAST_INDEX] = batch.index ?? -1;
  }
}
