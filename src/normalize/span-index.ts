import { ATTR, EVENT } from '../conventions/attributes.ts';
import { num, str } from './attrs.ts';
import type { SpanRecord } from './span-record.ts';

/** How far up a parent chain Baton looks; also what ends a chain that loops back on itself. */
export const MAX_ANCESTORS = 256;

/**
 * Lookups over one case's spans: parent chains and the step each span belongs to. A span is at
 * step k when an ancestor is Baton's span for step k; a span whose parent chain does not reach a
 * step span (lost context, another process) is placed by time: the last step started before it.
 */
export class SpanIndex {
  private readonly byId = new Map<string, SpanRecord>();
  private readonly stepOf = new Map<string, number>();
  private readonly stepStarts: { start: number; index: number }[] = [];

  constructor(readonly spans: readonly SpanRecord[]) {
    for (const span of spans) {
      this.byId.set(span.spanId, span);
      const index = SpanIndex.stepIndexOf(span);
      if (index !== undefined) this.stepStarts.push({ start: span.start, index });
    }
    sortStarts(this.stepStarts);
  }

  static stepIndexOf(span: SpanRecord): number | undefined {
    return str(span.attributes, ATTR.event) === EVENT.step
      ? num(span.attributes, ATTR.stepIndex)
      : undefined;
  }

  /** The span with this id, if the case has one. */
  get(spanId: string): SpanRecord | undefined {
    return this.byId.get(spanId);
  }

  /** The span's parent; none for a span that names itself. */
  parent(span: SpanRecord): SpanRecord | undefined {
    if (span.parentId === undefined || span.parentId === span.spanId) return undefined;
    return this.byId.get(span.parentId);
  }

  /**
   * The nearest ancestor (the span itself first) for which `pick` returns a value. Recorded and
   * received spans are untrusted: a span may name itself or a descendant as its parent, so the
   * walk stops after MAX_ANCESTORS hops (deeper than any real trace) instead of spinning.
   */
  nearest<T>(span: SpanRecord, pick: (s: SpanRecord) => T | undefined): T | undefined {
    let s: SpanRecord | undefined = span;
    for (let hops = 0; s && hops <= MAX_ANCESTORS; hops++, s = this.parent(s)) {
      const value = pick(s);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  /** The ids of every span above one for which `is` holds (not those spans themselves). */
  ancestorsOf(is: (s: SpanRecord) => boolean): Set<string> {
    const above = new Set<string>();
    for (const s of this.spans) {
      if (!is(s)) continue;
      let up = this.parent(s);
      for (let hops = 0; up && hops < MAX_ANCESTORS && !above.has(up.spanId); hops++) {
        above.add(up.spanId);
        up = this.parent(up);
      }
    }
    return above;
  }

  /** The step a span happened in; -1 when it came before the first step. */
  step(span: SpanRecord): number {
    // No step span among them (a foreign trace): no parent chain can reach one, and no walk is needed.
    if (this.stepStarts.length === 0) return SpanIndex.stepIndexOf(span) ?? -1;
    const cached = this.stepOf.get(span.spanId);
    if (cached !== undefined) return cached;
    const step = this.nearest(span, SpanIndex.stepIndexOf) ?? this.stepByTime(span.start);
    this.stepOf.set(span.spanId, step);
    return step;
  }

  private stepByTime(at: number): number {
    let step = -1;
    for (const s of this.stepStarts) {
      if (s.start > at) break;
      step = s.index;
    }
    return step;
  }
}

/**
 * Step starts by time, stably. A case's few steps, with every start a number, are sorted in place
 * by insertion (the order is total, so the result is the one Array#sort gives) without the work
 * array Array#sort allocates.
 */
function sortStarts(starts: { start: number; index: number }[]): void {
  if (
    starts.length > 32 ||
    starts.some((s) => typeof s.start !== 'number' || Number.isNaN(s.start))
  ) {
    starts.sort((a, b) => a.start - b.start);
    return;
  }
  for (let i = 1; i < starts.length; i++) {
    const s = starts[i] as { start: number; index: number };
    let j = i - 1;
    while (j >= 0 && (starts[j] as { start: number }).start > s.start) {
      starts[j + 1] = starts[j] as { start: number; index: number };
      j--;
    }
    starts[j + 1] = s;
  }
}
