import { jsonLines, type SpanSpec } from '../fixtures/traces/otlp-writer.ts';
import type { Entry } from './cases.ts';
import type { Rng } from './rng.ts';

/** A trace file of the corpus and the trace ids a case may label in it. */
export interface TraceEntry {
  readonly entry: Entry;
  readonly traceIds: readonly string[];
}

const T0 = 1_700_000_000_000;

/** A small Baton-convention trace: a root, steps under it, a handoff in one of them. */
function trace(rng: Rng, traceId: string, hostileNames: boolean): SpanSpec[] {
  const root = rng.hex(8);
  const spans: SpanSpec[] = [{ traceId, spanId: root, name: 'case', start: T0, end: T0 + 100 }];
  for (let s = 0; s < rng.int(1, 4); s++) {
    const stepId = rng.hex(8);
    spans.push({
      traceId,
      spanId: stepId,
      parentId: root,
      name: `step ${s}`,
      start: T0 + s * 10,
      end: T0 + s * 10 + 5,
    });
    if (rng.chance(0.5)) {
      spans.push({
        traceId,
        spanId: rng.hex(8),
        parentId: stepId,
        name: hostileNames ? `${'a'.repeat(30_000)}!` : 'baton.handoff',
        start: T0 + s * 10 + 1,
        end: T0 + s * 10 + 2,
        attributes: {
          'baton.event': 'handoff',
          'baton.handoff.from': 'triage',
          'baton.handoff.to': 'refunds',
        },
      });
    }
  }
  return spans;
}

/** Spans whose parents loop: self-parents and A → B → A. */
function cycles(rng: Rng, traceId: string): SpanSpec[] {
  const [a, b] = [rng.hex(8), rng.hex(8)];
  const tool = {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': 'transfer_to_refunds',
  };
  return [
    {
      traceId,
      spanId: a,
      parentId: b,
      name: 'execute_tool transfer_to_refunds',
      start: T0,
      end: T0 + 1,
      attributes: tool,
    },
    { traceId, spanId: b, parentId: a, name: 'x', start: T0 + 1, end: T0 + 2 },
    { traceId, spanId: rng.hex(8), parentId: 'self', name: 'self', start: T0 + 2, end: T0 + 3 },
  ].map((s) => (s.parentId === 'self' ? { ...s, parentId: s.spanId } : s));
}

type Make = (rng: Rng, ids: string[]) => string | Buffer;

const KINDS: readonly Make[] = [
  (r, ids) => jsonLines(ids.map((id) => trace(r, id, false))),
  (r, ids) => jsonLines(ids.map((id) => trace(r, id, true))),
  (r, ids) => jsonLines(ids.map((id) => cycles(r, id))),
  (r, ids) =>
    `${jsonLines(ids.map((id) => trace(r, id, false)))}{"resourceSpans": [\nnot json\n${r.bytes(32).toString('latin1')}\n`,
  (r, ids) =>
    Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(jsonLines(ids.map((id) => trace(r, id, false)))),
    ]),
  (r, ids) =>
    jsonLines(ids.map((id) => trace(r, id, false))).replace(
      /"startTimeUnixNano":"\d+"/g,
      () => `"startTimeUnixNano":${r.pick(['"abc"', '-5', '1e30', 'null', '{}'])}`,
    ),
  (r, ids) =>
    jsonLines(ids.map((id) => trace(r, id, false))).replace(
      /"spanId":"[0-9a-f]+"/,
      `"spanId":"${r.pick(['', 'zz', 'a'.repeat(5000)])}"`,
    ),
  (r) => `${'['.repeat(r.int(1000, 200_000))}\n`,
  () =>
    '{"foo": 1}\n{"resourceSpans": 5}\n{"resourceSpans": [{"scopeSpans": [{"spans": [7, null, "x"]}]}]}\n',
  (r, ids) =>
    `${JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: ids[0], spanId: r.hex(8), name: 'big', attributes: [{ key: 'k', value: { stringValue: 'v'.repeat(200_000) } }] }] }] }] })}\n`,
  (r) => r.bytes(r.int(1, 16_384)),
];

/** `count` trace files, one of them a single trace of 80,000 spans, plus a folder and a FIFO. */
export function traceEntries(rng: Rng, count: number): TraceEntry[] {
  const out: TraceEntry[] = [
    { entry: { kind: 'folder', name: 'folder.jsonl' }, traceIds: [rng.hex(16)] },
    { entry: { kind: 'fifo', name: 'fifo.jsonl' }, traceIds: [rng.hex(16)] },
    huge(rng),
  ];
  for (let i = out.length; i < count; i++) {
    const ids = Array.from({ length: rng.int(1, 3) }, () => rng.hex(16));
    const made = rng.pick(KINDS)(rng, ids);
    const name = `t${i}.${rng.chance(0.8) ? 'jsonl' : 'json'}`;
    const bytes = Buffer.isBuffer(made) ? made : Buffer.from(made);
    out.push({ entry: { kind: 'bytes', name, bytes }, traceIds: ids });
  }
  return out;
}

/** One trace of 80,000 spans under one root, in batches of 2,000 a line. */
function huge(rng: Rng): TraceEntry {
  const traceId = rng.hex(16);
  const root = rng.hex(8);
  const step = rng.hex(8);
  const spans: SpanSpec[] = [
    { traceId, spanId: root, name: 'case', start: T0, end: T0 + 1e6 },
    { traceId, spanId: step, parentId: root, name: 'step 0', start: T0, end: T0 + 1e6 },
  ];
  for (let i = 0; i < 80_000; i++) {
    spans.push({
      traceId,
      spanId: (i + 1).toString(16).padStart(16, '0'),
      parentId: step,
      name: 'baton.handoff',
      start: T0 + i,
      end: T0 + i + 1,
      attributes: {
        'baton.event': 'handoff',
        'baton.handoff.from': 'triage',
        'baton.handoff.to': 'refunds',
      },
    });
  }
  const batches: SpanSpec[][] = [];
  for (let i = 0; i < spans.length; i += 2000) batches.push(spans.slice(i, i + 2000));
  return {
    entry: { kind: 'bytes', name: 'huge.jsonl', bytes: Buffer.from(jsonLines(batches)) },
    traceIds: [traceId],
  };
}
