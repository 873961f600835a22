import { describe, expect, it } from 'vitest';
import type { SpanRecord } from '../normalize/span-record.ts';
import { rebaseSpans } from './rebase-spans.ts';

function span(spanId: string, parentId?: string, traceId = 'iso'): SpanRecord {
  return {
    traceId,
    spanId,
    ...(parentId !== undefined && { parentId }),
    name: spanId,
    start: 1,
    end: 2,
    attributes: {},
  };
}

describe('rebaseSpans', () => {
  it('hangs the isolate spans under Baton case span and drops the isolate root', () => {
    const spans = [span('root'), span('step', 'root'), span('handoff', 'step')];
    const out = rebaseSpans(
      spans,
      { traceId: 'iso', spanId: 'root' },
      { traceId: 'T', spanId: 'R' },
    );
    expect(out.map((s) => [s.spanId, s.parentId, s.traceId])).toEqual([
      ['step', 'R', 'T'],
      ['handoff', 'step', 'T'],
    ]);
  });

  it('keeps spans of other traces untouched', () => {
    const foreign = span('otlp', 'x', 'service');
    const out = rebaseSpans(
      [foreign],
      { traceId: 'iso', spanId: 'root' },
      { traceId: 'T', spanId: 'R' },
    );
    expect(out).toEqual([foreign]);
  });
});
