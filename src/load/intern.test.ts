import { describe, expect, it } from 'vitest';
import { internStrings } from './intern.ts';

describe('internStrings', () => {
  it('keeps the data equal, sharing short strings between parses', () => {
    const pool = new Map<string, string>();
    const a = internStrings(JSON.parse('{"to":"billing","tags":["vip"],"n":1,"x":null}'), pool);
    const b = internStrings(JSON.parse('{"to":"billing","tags":["vip"],"n":1,"x":null}'), pool);
    expect(b).toEqual({ to: 'billing', tags: ['vip'], n: 1, x: null });
    expect(a).toEqual(b);
    expect(pool.get('billing')).toBe('billing');
    expect(pool.has('vip')).toBe(true);
  });

  it('leaves long strings out of the pool', () => {
    const pool = new Map<string, string>();
    internStrings({ text: 'x'.repeat(200) }, pool);
    expect(pool.size).toBe(0);
  });
});
