import { z } from 'zod';

/** Node.js turns a longer timer into a 1 ms one (with only a warning): the longest wait allowed. */
export const MAX_TIMER_MS = 2_147_483_647;

/** Runs per case; a typo such as `repeat: 1e9` would otherwise run for days. */
export const MAX_REPEAT = 1000;

/** Cases in flight at once. */
export const MAX_CONCURRENCY = 256;

/** Envelopes generated per property. */
export const MAX_NUM_RUNS = 100_000;

/** A whole number of milliseconds a timer can wait for. */
export function timerMs(min: number) {
  return z.number().int().min(min).max(MAX_TIMER_MS);
}
