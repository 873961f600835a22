import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { latestStart, mayFollow, unordered } from './instants.ts';

const at = (t: number) => ({ at: t });

describe('instants', () => {
  it('takes a whole-millisecond start as anywhere in that millisecond', () => {
    expect(latestStart(at(100))).toBe(101);
    expect(latestStart(at(100.042))).toBe(100.042);
  });

  it('cannot order two starts of one whole millisecond, nor a finer start inside it', () => {
    expect(unordered(at(100), at(100))).toBe(true);
    expect(unordered(at(100), at(100.042))).toBe(true);
    expect(unordered(at(100.999), at(100))).toBe(true);
    expect(unordered(at(100), at(101))).toBe(false);
    expect(unordered(at(99.5), at(100))).toBe(false);
    expect(unordered(at(100.042), at(100.5))).toBe(false);
  });

  it('lets an event follow another it is listed after, or whose order is unknown', () => {
    expect(mayFollow(at(100), at(100.042))).toBe(true);
    expect(mayFollow(at(99), at(100.042))).toBe(false);
    expect(mayFollow(at(100.5), at(100.042))).toBe(true);
  });

  const time = fc.oneof(
    fc.integer({ min: 0, max: 50 }),
    fc.double({ min: 0, max: 50, noNaN: true }).filter((t) => !Number.isInteger(t)),
  );

  test.prop([time, time])('is symmetric, and never holds between two finer starts', (x, y) => {
    expect(unordered(at(x), at(y))).toBe(unordered(at(y), at(x)));
    if (!Number.isInteger(x) && !Number.isInteger(y)) expect(unordered(at(x), at(y))).toBe(false);
    // Ordered pairs are told apart by their possible times alone.
    if (!unordered(at(x), at(y)) && x !== y)
      expect(x < y ? latestStart(at(x)) <= y : latestStart(at(y)) <= x).toBe(true);
  });
});
