import { describe, expect, it } from 'vitest';
import type { SpanRecord } from '../normalize/span-record.ts';
import { TraceRouter } from './trace-router.ts';

function span(traceId: string, spanId: string): SpanRecord {
  return { traceId, spanId, name: spanId, start: 0, end: 0, attributes: {} };
}

describe('TraceRouter', () => {
  it('keeps each trace’s spans apart and drops those of traces not open', () => {
    const router = new TraceRouter();
    router.open('a');
    router.open('b');

    const dropped = router.add([span('a', '1'), span('c', '2'), span('b', '3'), span('a', '4')]);

    expect(dropped).toBe(1);
    expect(router.dropped).toBe(1);
    expect(router.close('a').map((s) => s.spanId)).toEqual(['1', '4']);
    expect(router.close('b').map((s) => s.spanId)).toEqual(['3']);
    expect(router.close('b')).toEqual([]);
  });

  it('settles after the quiet period when nothing arrives', async () => {
    const router = new TraceRouter();
    router.open('a');
    const started = performance.now();

    await router.settle('a', { quietMs: 30, maxMs: 1000 });

    expect(performance.now() - started).toBeGreaterThanOrEqual(29);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('waits while spans keep arriving, but never past maxMs', async () => {
    const router = new TraceRouter();
    router.open('a');
    const feeder = setInterval(() => router.add([span('a', String(Math.random()))]), 5);
    const started = performance.now();

    await router.settle('a', { quietMs: 30, maxMs: 120 });
    clearInterval(feeder);

    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(119);
    expect(took).toBeLessThan(400);
    expect(router.close('a').length).toBeGreaterThan(5);
  });

  it('returns at once for a closed trace or an aborted signal', async () => {
    const router = new TraceRouter();
    router.open('a');
    const abort = new AbortController();
    const started = performance.now();
    setTimeout(() => abort.abort(), 10);

    await router.settle('a', { quietMs: 10_000, maxMs: 10_000, signal: abort.signal });
    await router.settle('closed', { quietMs: 10_000, maxMs: 10_000 });

    expect(performance.now() - started).toBeLessThan(1000);
  });
});
