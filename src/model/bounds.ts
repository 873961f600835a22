import { z } from 'zod';
import { MAX_TIMER_MS } from './limits.ts';

/** A whole number of milliseconds a timer can wait for. */
export function timerMs(min: number) {
  return z.number().int().min(min).max(MAX_TIMER_MS);
}
