import { describe, expect, it } from 'vitest';
import { spanRecord } from '../normalize/span-fixtures.ts';
import { uniqueSpans } from './unique-spans.ts';

describe('uniqueSpans', () => {
  it('keeps the first copy of each trace and span id, and the list itself when none repeats', () => {
    const a = spanRecord('a', 1, {});
    const b = spanRecord('b', 2, {});
    const again = spanRecord('a', 3, { retried: true });
    const other = spanRecord('a', 4, {}, { traceId: 'u' });
    const once = [a, b];

    expect(uniqueSpans([a, b, again, other])).toEqual([a, b, other]);
    expect(uniqueSpans(once)).toBe(once);
  });
});
