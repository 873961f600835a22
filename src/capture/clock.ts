/**
 * A high-resolution wall clock: epoch milliseconds from the monotonic timer, the clock the
 * capture stamps live spans with. Spans made later with an explicit start (a framework's run
 * replayed from its callbacks or its own spans) use it, so they sort correctly among live ones.
 */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}
