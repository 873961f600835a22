import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportRequest,
  idOf,
  jsonDocument,
  jsonLines,
  type SpanSpec,
} from '../../test/fixtures/traces/otlp-writer.ts';
import { toSpanRecord as fromSdk } from '../capture/to-span-record.ts';
import type { TraceProblem } from './read-batches.ts';
import { readTraces, type Trace } from './read-traces.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-traces-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function file(name: string, text: string | Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

async function all(path: string, options: Parameters<typeof readTraces>[1] = {}) {
  const traces: Trace[] = [];
  for await (const t of readTraces(path, options)) traces.push(t);
  return traces;
}

/** A trace of `n` spans: children first, root last (export order), ids from a label. */
function trace(label: string, n: number, start = 1000): SpanSpec[] {
  const traceId = idOf(label, 16);
  const root = idOf(`${label}/root`, 8);
  const kids = Array.from({ length: n - 1 }, (_, i) => ({
    traceId,
    spanId: idOf(`${label}/${i}`, 8),
    parentId: root,
    name: `child ${i}`,
    start: start + i + 1,
    end: start + i + 2,
    attributes: { i },
  }));
  return [...kids, { traceId, spanId: root, name: 'root', start, end: start + n + 1 }];
}

describe('readTraces', () => {
  it('groups interleaved JSON lines by trace and names malformed lines, reading the rest', async () => {
    const a = trace('a', 3);
    const b = trace('b', 2);
    const good = jsonLines([
      [a[0] as SpanSpec, b[0] as SpanSpec],
      [a[1] as SpanSpec],
      [b[1] as SpanSpec, a[2] as SpanSpec],
    ]);
    const [l1, l2, l3] = good.trim().split('\n');
    const path = await file('mixed.jsonl', `${l1}\n{"resourceSpans": [\n\n${l2}\n[1]\n${l3}\n`);
    const problems: TraceProblem[] = [];

    const traces = await all(path, { onProblem: (p) => problems.push(p) });

    expect(traces.map((t) => [t.traceId, t.spans.length, t.partial])).toEqual([
      [idOf('b', 16), 2, false],
      [idOf('a', 16), 3, false],
    ]);
    const fix = expect.stringMatching(/^repair or remove the line/);
    expect(problems).toEqual([
      { file: path, line: 2, message: expect.stringMatching(/^not valid JSON/), fix },
      { file: path, line: 5, message: 'not an OTLP export request (no resourceSpans)', fix },
    ]);
  });

  it('reads a pretty-printed document, base64 ids and numeric times', async () => {
    const spans = trace('doc', 3);
    const path = await file(
      'doc.json',
      jsonDocument(spans, 'svc', { base64Ids: true, numberTimes: true }),
    );

    const [t] = await all(path);

    expect(t?.traceId).toBe(idOf('doc', 16));
    expect(t?.spans.map((s) => [s.spanId, s.parentId, s.start])).toEqual(
      spans.map((s) => [s.spanId, s.parentId, s.start]),
    );
    expect(t?.spans[0]?.attributes).toEqual({ i: 0 });
  });

  it('yields a trace once its root arrived and `settleSpans` more spans passed, in export order', async () => {
    const traces = Array.from({ length: 50 }, (_, i) => trace(`t${i}`, 4, i * 10));
    const path = await file('many.jsonl', jsonLines(traces.flat().map((s) => [s])));
    const order: string[] = [];

    for await (const t of readTraces(path, { settleSpans: 5 })) {
      order.push(t.traceId);
      expect(t.partial).toBe(false);
      expect(t.spans).toHaveLength(4);
    }

    expect(order).toEqual(traces.map((t) => t[0]?.traceId));
  });

  it('yields rootless traces as partial when more than `maxHeldSpans` spans are held', async () => {
    const rootless = Array.from({ length: 5 }, (_, i) => trace(`r${i}`, 3).slice(0, 2));
    const path = await file('rootless.jsonl', jsonLines(rootless.flat().map((s) => [s])));

    const traces = await all(path, { maxHeldSpans: 4, settleSpans: 1 });

    expect(traces.map((t) => t.partial)).toEqual([true, true, true, false, false]);
    expect(traces.map((t) => t.spans.length)).toEqual([2, 2, 2, 2, 2]);
  });

  it('keeps only the selected traces', async () => {
    const path = await file('select.jsonl', jsonLines([[...trace('x', 2), ...trace('y', 2)]]));

    const traces = await all(path, { select: (id) => id === idOf('y', 16) });

    expect(traces.map((t) => t.traceId)).toEqual([idOf('y', 16)]);
  });

  it('reads what the OpenTelemetry SDK serialises as Baton captures it', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    const tracer = provider.getTracer('t');
    tracer.startActiveSpan('root', (root) => {
      const child = tracer.startSpan('child', {
        attributes: { n: 3, f: 1.5, ok: true, list: ['a', 'b'], 'gen_ai.agent.name': 'Triage' },
      });
      child.end();
      root.end();
    });
    const sdkSpans = exporter.getFinishedSpans();
    const bytes = JsonTraceSerializer.serializeRequest(sdkSpans) as Uint8Array;
    const path = await file('sdk.json', bytes);

    // Without a context manager the two spans are separate traces: compare all spans read.
    const spans = (await all(path)).flatMap((t) => t.spans);

    const expected = sdkSpans.map(fromSdk);
    expect(spans.map((s) => [s.traceId, s.spanId, s.parentId, s.name, s.attributes])).toEqual(
      expected.map((s) => [s.traceId, s.spanId, s.parentId, s.name, s.attributes]),
    );
    await provider.shutdown();
  });

  it('reads a request with several resources and scopes', async () => {
    const req = exportRequest(trace('m', 2));
    const two = {
      resourceSpans: [...req.resourceSpans, ...exportRequest(trace('n', 2)).resourceSpans],
    };
    const path = await file('two.json', JSON.stringify(two, null, 1));

    expect((await all(path)).map((t) => t.spans.length)).toEqual([2, 2]);
  });
});
