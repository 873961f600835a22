import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attrValue, nanosToMillis, otlpId } from './otlp-values.ts';

describe('otlpId', () => {
  it('keeps hex ids, lowercased', () => {
    expect(otlpId('5B8EFFF798038103D269B633813FC60C', 16)).toBe('5b8efff798038103d269b633813fc60c');
    expect(otlpId('EEE19B7EC3C1B174', 8)).toBe('eee19b7ec3c1b174');
  });

  it('converts base64 ids to hex', () => {
    const hex = '5b8efff798038103d269b633813fc60c';
    expect(otlpId(Buffer.from(hex, 'hex').toString('base64'), 16)).toBe(hex);
    expect(otlpId(Buffer.from('eee19b7ec3c1b174', 'hex').toString('base64'), 8)).toBe(
      'eee19b7ec3c1b174',
    );
  });

  it('keeps other ids as written and treats empty ones as absent', () => {
    expect(otlpId('span_abc', 8)).toBe('span_abc');
    expect(otlpId('', 8)).toBeUndefined();
    expect(otlpId(42, 8)).toBeUndefined();
  });
});

describe('nanosToMillis', () => {
  it('reads int64 strings exactly to the microsecond and numbers as they are', () => {
    expect(nanosToMillis('1748941200123456789')).toBeCloseTo(1748941200123.4568, 3);
    expect(nanosToMillis(1_500_000)).toBe(1.5);
    expect(nanosToMillis('12')).toBe(0.000012);
    expect(nanosToMillis('soon')).toBeUndefined();
  });

  it('gives the same milliseconds for any digit string, leading zeros and signs included', () => {
    const split = (raw: string) => Number(raw.slice(0, -6)) + Number(raw.slice(-6)) / 1e6;
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{7,21}$/), (raw) => {
        expect(nanosToMillis(raw)).toBe(split(raw));
      }),
    );
    expect(nanosToMillis('-1748941200123456789')).toBeUndefined();
    expect(nanosToMillis('1.5e18')).toBe(1.5e12);
  });
});

describe('attrValue', () => {
  it('reads every AnyValue kind', () => {
    expect(attrValue({ stringValue: 'a' })).toBe('a');
    expect(attrValue({ intValue: '42' })).toBe(42);
    expect(attrValue({ intValue: 42 })).toBe(42);
    expect(attrValue({ intValue: '9007199254740993' })).toBe('9007199254740993');
    expect(attrValue({ doubleValue: 0.5 })).toBe(0.5);
    expect(attrValue({ boolValue: true })).toBe(true);
    expect(attrValue({ bytesValue: 'AAE=' })).toBe('AAE=');
    expect(attrValue({})).toBeUndefined();
  });

  it('keeps arrays of one type as arrays and writes kvlists and mixed arrays as JSON', () => {
    expect(
      attrValue({ arrayValue: { values: [{ stringValue: 'a' }, { stringValue: 'b' }] } }),
    ).toEqual(['a', 'b']);
    expect(attrValue({ arrayValue: { values: [{ stringValue: 'a' }, { intValue: '1' }] } })).toBe(
      '["a",1]',
    );
    const kv = { kvlistValue: { values: [{ key: 'coworker', value: { stringValue: 'Ann' } }] } };
    expect(attrValue(kv)).toBe('{"coworker":"Ann"}');
  });
});
