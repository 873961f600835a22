import { describe, expect, it } from 'vitest';
import { HeldSpans, Texts } from './held-spans.ts';
import { toSpanRecord } from './otlp-spans.ts';

const TRACE = '0af7651916cd43dd8448eb211c80319c';

const raws: Record<string, unknown>[] = [
  {
    traceId: TRACE,
    spanId: '00f067aa0ba902b7',
    name: 'root',
    startTimeUnixNano: '1700000000000000000',
  },
  {
    traceId: TRACE,
    spanId: '00f067aa0ba902b8',
    parentSpanId: '00f067aa0ba902b7',
    name: 'execute_tool refund',
    startTimeUnixNano: '1700000000001500000',
    endTimeUnixNano: 1700000000002000000,
    status: { code: 2 },
    attributes: [
      { key: 'gen_ai.operation.name', value: { stringValue: 'execute_tool' } },
      { key: 'n', value: { intValue: '7' } },
      { key: 'list', value: { arrayValue: { values: [{ boolValue: true }] } } },
      {
        key: 'kv',
        value: { kvlistValue: { values: [{ key: 'a', value: { doubleValue: 1.5 } }] } },
      },
      { key: 'empty', value: {} },
      { key: 'n', value: { stringValue: 'later wins' } },
      { value: { stringValue: 'no key' } },
    ],
  },
  {
    traceId: TRACE,
    spanId: '00f067aa0ba902b9',
    startTimeUnixNano: 5,
    status: { code: 'STATUS_CODE_OK' },
  },
];

describe('HeldSpans', () => {
  it('gives back each span as the record toSpanRecord makes of it, in the order added', () => {
    const held = new HeldSpans();
    const texts = new Texts();
    const roots = raws.map((r) =>
      held.add(r, r.spanId as string, toSpanRecord(r)?.start as number, texts),
    );
    expect(roots).toEqual([true, false, true]);
    expect(held.count).toBe(3);
    const records = held.records(TRACE);
    expect(records).toStrictEqual(raws.map((r) => toSpanRecord(r)));
    // Same fields in the same order, as a report writes them.
    expect(records.map((r) => JSON.stringify(r))).toEqual(
      raws.map((r) => JSON.stringify(toSpanRecord(r))),
    );
  });
});
