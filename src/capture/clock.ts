/** `performance.timeOrigin`, read once: Node computes it anew on every read. */
export const TIME_ORIGIN = performance.timeOrigin;

/**
 * A high-resolution wall clock: epoch milliseconds from the monotonic timer, the clock the
 * capture stamps live spans with. Spans made later with an explicit start (a framework's run
 * replayed from its callbacks or its own spans) use it, so they sort correctly among live ones.
 */
export function preciseNow(): number {
  return TIME_ORIGIN + performance.now();
}
