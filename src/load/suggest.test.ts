import { describe, expect, test } from 'vitest';
import { closestMatch, editDistance } from './suggest.ts';

describe('closestMatch', () => {
  test('suggests the nearest candidate within a few edits', () => {
    expect(closestMatch('custmer', ['customer', 'tool', 'signal', 'person'])).toBe('customer');
    expect(closestMatch('pasrate', ['count', 'rate', 'pass_rate'])).toBe('pass_rate');
    expect(closestMatch('Triage', ['triage', 'refunds'])).toBe('triage');
  });

  test('suggests nothing for words too far from every candidate', () => {
    expect(closestMatch('url', ['type', 'path', 'options'])).toBeUndefined();
    expect(closestMatch('customer', ['customer'])).toBeUndefined();
  });

  test('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('decison', 'decision')).toBe(1);
    expect(editDistance('tilte', 'title')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });
});
