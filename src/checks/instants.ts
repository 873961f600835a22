import type { TimelineEvent } from '../model/timeline.ts';

/**
 * When two events happened, as far as their spans can tell.
 *
 * The OpenTelemetry JavaScript SDK stamps a span's start from the wall clock in whole
 * milliseconds (its true start lies up to a millisecond later), and a service or a trace file
 * hands Baton nothing finer. Baton's own spans, and SDKs that keep nanoseconds, give starts
 * inside the millisecond. So a start that is a whole number of milliseconds is taken as coarse:
 * somewhere in `[at, at + 1)`. Two events whose possible times overlap, one of them coarse, came
 * in an order the spans do not record: the timeline still lists them one way (by the export),
 * but an order-sensitive check does not fail a case on that order alone.
 */
type Timed = Pick<TimelineEvent, 'at' | 'sideBySide'>;

/** The latest the event may have started: a millisecond on for a whole-millisecond start. */
export function latestStart(e: Timed): number {
  return Number.isInteger(e.at) ? e.at + 1 : e.at;
}

/**
 * The two may have happened in either order: the spans cannot tell which came first, or they
 * were made in two tool calls that ran side by side (see normalize/side-by-side.ts).
 */
export function unordered(x: Timed, y: Timed): boolean {
  if (sideBySide(x, y)) return true;
  if (!Number.isInteger(x.at) && !Number.isInteger(y.at)) return false;
  return x.at < latestStart(y) && y.at < latestStart(x);
}

/** `later` may have happened after `earlier`: it is listed after it, or their order is unknown. */
export function mayFollow(later: Timed, earlier: Timed): boolean {
  return later.at > earlier.at || unordered(later, earlier);
}

/** Made in two different calls of one batch of tool calls that ran at once. */
function sideBySide(x: Timed, y: Timed): boolean {
  const a = x.sideBySide;
  const b = y.sideBySide;
  return a !== undefined && b !== undefined && a.batch === b.batch && a.lane !== b.lane;
}
