import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { SpanRecord } from '../normalize/span-record.ts';
import { withAttributes } from './with-attributes.ts';

const key = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', '7', '0', 'baton.event', 'gen_ai.agent.name'),
  fc.string({ maxLength: 6 }),
);
const value = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean());
/** Entries made own fields as JSON.parse makes them (`__proto__` included), on either prototype. */
const attributes = fc
  .tuple(fc.array(fc.tuple(key, value), { maxLength: 8 }), fc.boolean())
  .map(([entries, bare]) => {
    const out: Record<string, unknown> = bare ? Object.create(null) : {};
    for (const [k, v] of entries)
      Object.defineProperty(out, k, {
        value: v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out as Record<string, string | number | boolean>;
  });
const span = fc
  .record(
    {
      traceId: fc.constant('t'),
      spanId: fc.string({ minLength: 1, maxLength: 4 }),
      parentId: fc.string({ minLength: 1, maxLength: 4 }),
      name: fc.string({ maxLength: 6 }),
      start: fc.integer(),
      end: fc.integer(),
      attributes,
      status: fc.constantFrom('ok' as const, 'error' as const),
    },
    { requiredKeys: ['traceId', 'spanId', 'name', 'start', 'end', 'attributes'] },
  )
  .map((s) => s as SpanRecord);

describe('withAttributes', () => {
  test('gives what spreading the span and its attributes gives: the same fields, values and order', () => {
    fc.assert(
      fc.property(span, attributes, (s, attrs) => {
        const spread = { ...s, attributes: { ...s.attributes, ...attrs } };

        const made = withAttributes(s, attrs);

        expect(Object.keys(made)).toEqual(Object.keys(spread));
        expect(Object.keys(made.attributes)).toEqual(Object.keys(spread.attributes));
        expect(Object.entries(made.attributes)).toEqual(Object.entries(spread.attributes));
        expect(Object.getPrototypeOf(made.attributes)).toBe(Object.prototype);
        expect({ ...made, attributes: null }).toEqual({ ...spread, attributes: null });
      }),
    );
  });

  test('leaves the span and its attributes as they were', () => {
    const s: SpanRecord = {
      traceId: 't',
      spanId: 's',
      name: 'n',
      start: 1,
      end: 2,
      attributes: { a: 1 },
    };

    const made = withAttributes(s, { b: 'x' });

    expect(s.attributes).toEqual({ a: 1 });
    expect(made.attributes).toEqual({ a: 1, b: 'x' });
    expect(made).not.toBe(s);
  });
});
