import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { describe, expect, it } from 'vitest';
import { attrValue } from './any-value.ts';
import { idOf, millisOf, spansFromOtlp } from './otlp-json.ts';
import { SDK_ATTRIBUTES, sdkSpans } from './otlp-test-spans.ts';

const TRACE = '0af7651916cd43dd8448eb211c80319c';

function span(over: Record<string, unknown> = {}) {
  return {
    traceId: TRACE,
    spanId: '00f067aa0ba902b7',
    name: 'x',
    startTimeUnixNano: '1700000000123456789',
    endTimeUnixNano: '1700000000124000000',
    ...over,
  };
}

function request(...spans: unknown[]) {
  return { resourceSpans: [{ scopeSpans: [{ spans }] }] };
}

describe('attrValue', () => {
  it.each([
    ['stringValue', { stringValue: 'refunds' }, 'refunds'],
    ['boolValue', { boolValue: true }, true],
    ['intValue as a number', { intValue: 42 }, 42],
    ['intValue as an int64 string', { intValue: '42' }, 42],
    ['negative int64 string', { intValue: '-7' }, -7],
    ['int64 beyond 2^53 keeps its digits', { intValue: '9007199254740993' }, '9007199254740993'],
    ['doubleValue', { doubleValue: 0.25 }, 0.25],
    ['doubleValue NaN as text', { doubleValue: 'NaN' }, Number.NaN],
    ['bytesValue (base64)', { bytesValue: 'AQID' }, 'AQID'],
    [
      'string array',
      { arrayValue: { values: [{ stringValue: 'a' }, { stringValue: 'b' }] } },
      ['a', 'b'],
    ],
    [
      'int array of strings',
      { arrayValue: { values: [{ intValue: '1' }, { intValue: 2 }] } },
      [1, 2],
    ],
    ['bool array', { arrayValue: { values: [{ boolValue: true }] } }, [true]],
    ['empty array', { arrayValue: {} }, []],
    [
      'mixed array becomes JSON',
      { arrayValue: { values: [{ stringValue: 'a' }, { intValue: '1' }] } },
      '["a",1]',
    ],
    [
      'kvlist becomes JSON, nested',
      {
        kvlistValue: {
          values: [
            { key: 'order_id', value: { stringValue: 'A-1001' } },
            { key: 'amount', value: { intValue: '750' } },
            { key: 'tags', value: { arrayValue: { values: [{ stringValue: 'vip' }] } } },
            {
              key: 'customer',
              value: { kvlistValue: { values: [{ key: 'id', value: { intValue: 9 } }] } },
            },
          ],
        },
      },
      '{"order_id":"A-1001","amount":750,"tags":["vip"],"customer":{"id":9}}',
    ],
    ['empty value', {}, undefined],
  ])('%s', (_, value, expected) => {
    expect(attrValue(value)).toEqual(expected);
  });
});

describe('ids and times', () => {
  it('reads hex ids in any case, base64 ids, and refuses all-zero or wrong-length ids', () => {
    expect(idOf('0AF7651916CD43DD8448EB211C80319C', 16)).toBe(TRACE);
    expect(idOf(Buffer.from(TRACE, 'hex').toString('base64'), 16)).toBe(TRACE);
    expect(idOf('0'.repeat(32), 16)).toBeUndefined();
    expect(idOf('abc', 16)).toBeUndefined();
    expect(idOf('', 8)).toBeUndefined();
  });

  it('turns int64 nanosecond strings into milliseconds to the microsecond', () => {
    expect(millisOf('1700000000123456789')).toBe(1_700_000_000_123.456);
    expect(millisOf(1_500_000)).toBe(1.5);
    expect(millisOf('-1')).toBeUndefined();
    expect(millisOf('soon')).toBeUndefined();
  });
});

describe('spansFromOtlp', () => {
  it('converts what the SDK’s JSON serializer writes, parent and every attribute type', () => {
    const body = JSON.parse(
      new TextDecoder().decode(JsonTraceSerializer.serializeRequest(sdkSpans())),
    );

    const { spans, rejected } = spansFromOtlp(body);

    expect(rejected).toBe(0);
    const parent = spans.find((s) => s.name === 'agent triage');
    const child = spans.find((s) => s.name === 'handoff triage -> refunds');
    expect(parent).toMatchObject({ traceId: TRACE, parentId: 'b7ad6b7169203331' });
    expect(child?.parentId).toBe(parent?.spanId);
    expect(child?.attributes).toEqual(SDK_ATTRIBUTES);
    expect(child?.start).toBeCloseTo(1_700_000_000_124.5, 3);
    expect(child?.end).toBeCloseTo(1_700_000_000_125, 3);
  });

  it('rejects spans without valid ids or start time, and keeps the others', () => {
    const converted = spansFromOtlp(
      request(
        span(),
        span({ traceId: 'nope' }),
        span({ spanId: undefined }),
        span({ startTimeUnixNano: 'x' }),
      ),
    );

    expect(converted.spans).toHaveLength(1);
    expect(converted.rejected).toBe(3);
    expect(converted.problem).toBe('a span has no valid traceId (32 hex digits)');
  });

  it('leaves out an empty parent id, clamps an end before the start, and reads no-name spans', () => {
    const [record] = spansFromOtlp(
      request(span({ parentSpanId: '', name: undefined, endTimeUnixNano: '1' })),
    ).spans;

    expect(record).toEqual({
      traceId: TRACE,
      spanId: '00f067aa0ba902b7',
      name: '',
      start: 1_700_000_000_123.456,
      end: 1_700_000_000_123.456,
      attributes: {},
    });
  });

  it('reads nothing, without throwing, from bodies that are not trace requests', () => {
    for (const body of [null, 42, 'x', {}, { resourceSpans: 'x' }, { resourceSpans: [null] }]) {
      expect(spansFromOtlp(body)).toEqual({ spans: [], rejected: 0 });
    }
  });
});
