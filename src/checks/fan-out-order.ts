import type { ExpectedHandoff } from '../model/labelled-case.ts';
import type { HandoffEvent } from '../model/timeline.ts';
import { acceptsTarget, stepsOutside, WRONG_TARGET_REACH } from './handoff-fit.ts';

/**
 * One sender's expectations (label order) with the labels of a fan-out put in the order the run
 * made it: handoffs made side by side (`triage → billing` and `triage → refunds` in one LangGraph
 * superstep, in one `info.parallel`: one `fanOut` id) have no order of their own, so the order
 * they are labelled in must not decide which of them is missed. Handoffs made one after another
 * keep the label order, also within one step: that order is what the labels say.
 *
 * Within each run of consecutive expectations with the same window, each expectation in label
 * order claims the earliest handoff of `observed` (time order) it accepts inside that window,
 * then each left without one the earliest it accepts at any step (a fan-out made too early or
 * too late). When the handoffs claimed and those inside the window (one at least) were all made
 * in one fan-out, the run is sorted by the claimed positions, those that claimed none last, by
 * receiver, then in label order; otherwise it stays as labelled. Labels of a fan-out to different receivers (no
 * alternatives shared) thus align the same in any order. With `anyOrder`, every such run is
 * sorted, marked or not: the order the handoffs would pair in if the labels said nothing of it
 * (matchHandoffs tries it when the label order leaves a label unpaired, to name the order as what
 * went wrong). Returns the new order as positions into `expected`; the identity when nothing moves.
 * Pure.
 */
export function fanOutOrder(
  expected: readonly ExpectedHandoff[],
  observed: readonly HandoffEvent[],
  anyOrder = false,
): number[] {
  const order: number[] = [];
  for (let i = 0; i < expected.length; i++) order.push(i);
  let start = 0;
  while (start < expected.length) {
    let end = start + 1;
    const window = (expected[start] as ExpectedHandoff).window;
    while (end < expected.length && sameWindow((expected[end] as ExpectedHandoff).window, window))
      end++;
    if (end - start > 1) sortRun(order, start, end, expected, observed, anyOrder);
    start = end;
  }
  return order;
}

function sortRun(
  order: number[],
  start: number,
  end: number,
  expected: readonly ExpectedHandoff[],
  observed: readonly HandoffEvent[],
  anyOrder: boolean,
): void {
  const claimed = new Set<number>();
  const keyed: { index: number; key: number }[] = [];
  for (let i = start; i < end; i++) keyed.push({ index: i, key: Number.POSITIVE_INFINITY });
  // Handoffs inside the window first, then (a fan-out made early or late) any the label accepts.
  for (const inWindow of [true, false]) {
    for (const k of keyed) {
      if (k.key !== Number.POSITIVE_INFINITY) continue;
      const exp = expected[k.index] as ExpectedHandoff;
      for (let j = 0; j < observed.length; j++) {
        const hit = observed[j] as HandoffEvent;
        if (claimed.has(j) || !acceptsTarget(exp, hit.to)) continue;
        if (inWindow && stepsOutside(exp.window, hit.step) !== 0) continue;
        claimed.add(j);
        k.key = j;
        break;
      }
    }
  }
  const window = (expected[start] as ExpectedHandoff).window;
  if (!anyOrder && !oneFanOut(keyed, observed, window)) return;
  // Those that claimed none go by receiver (which of them a misrouted handoff answers must not
  // follow the label order either), then stably in label order.
  const to = (k: { index: number }) => (expected[k.index] as ExpectedHandoff).to;
  keyed.sort((a, b) => {
    if (a.key !== b.key) return a.key < b.key ? -1 : 1;
    if (a.key !== Number.POSITIVE_INFINITY || to(a) === to(b)) return 0;
    return to(a) < to(b) ? -1 : 1;
  });
  for (let i = start; i < end; i++) order[i] = (keyed[i - start] as { index: number }).index;
}

/**
 * Whether the handoffs the labels claimed and those made inside their window or just after it
 * (one at least) were all made in one fan-out: the evidence that their order means nothing.
 */
function oneFanOut(
  keyed: readonly { readonly key: number }[],
  observed: readonly HandoffEvent[],
  window: readonly [number, number],
): boolean {
  let fanOut: string | undefined;
  let seen = 0;
  const same = (hit: HandoffEvent) => {
    if (hit.fanOut === undefined || (fanOut !== undefined && hit.fanOut !== fanOut)) return false;
    fanOut = hit.fanOut;
    seen++;
    return true;
  };
  for (const { key } of keyed)
    if (key !== Number.POSITIVE_INFINITY && !same(observed[key] as HandoffEvent)) return false;
  for (const hit of observed) {
    const distance = stepsOutside(window, hit.step);
    // Inside the window or near enough after it to be a label's misrouted handoff.
    if (distance >= 0 && distance <= WRONG_TARGET_REACH && !same(hit)) return false;
  }
  return seen > 0;
}

function sameWindow(a: readonly [number, number], b: readonly [number, number]): boolean {
  return a[0] === b[0] && a[1] === b[1];
}
