import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { FindingData } from '../model/finding.ts';
import type { HandoffEvent } from '../model/timeline.ts';
import { bounce } from './bounce.ts';
import { judgePair } from './handoff-fit.ts';
import { handoffTiming } from './handoff-timing.ts';
import { missingFact } from './missing-fact.ts';
import { expect_, handoff, labels, timeline } from './timeline-fixtures.ts';

/** Every handoff finding of a run, keyed by the handoff it is about (its last span). */
function verdicts(observed: HandoffEvent[], l: ReturnType<typeof labels>): string[] {
  const t = timeline(...observed);
  const all: FindingData[] = [
    ...handoffTiming.run(t, l, {}),
    ...bounce.run(t, l, {}),
    ...missingFact.run(t, l, {}),
  ];
  return all.map((f) => `${f.code}:${f.spanIds.at(-1) ?? `exp@${f.step}`}`).sort();
}

const NAMES = ['a', 'b', 'c'] as const;
const labelsArb = fc
  .array(
    fc.record({
      from: fc.constantFrom(...NAMES),
      to: fc.constantFrom(...NAMES),
      at: fc.nat(4),
      fact: fc.boolean(),
    }),
    { maxLength: 3 },
  )
  .map((list) =>
    labels(
      list.map((e) => expect_(e.from, e.to, e.at, { carry: e.fact ? { order_id: 'A-1' } : {} })),
    ),
  );
const runArb = fc.array(
  fc.record({
    from: fc.constantFrom(...NAMES),
    to: fc.constantFrom(...NAMES),
    step: fc.nat(5),
    carries: fc.boolean(),
  }),
  { maxLength: 6 },
);
type Run = { from: string; to: string; step: number; carries: boolean }[];
const build = (run: Run) =>
  run
    .map((h) => handoff(h.from, h.to, h.step, { payload: h.carries ? { order_id: 'A-1' } : {} }))
    .sort((x, y) => x.at - y.at);

describe('handoff verdicts, all checks together: properties', () => {
  test.prop([labelsArb, runArb, fc.nat(5)])(
    'a handoff between participants no label or other handoff names changes no other finding',
    (l, run, step) => {
      const observed = build(run);
      const extra = handoff('x', 'y', step);
      const before = verdicts(observed, l);
      const after = verdicts([...observed, extra], l);
      expect(after.filter((v) => !v.endsWith(`:${extra.spanId}`))).toEqual(before);
    },
  );

  test.prop([labelsArb, runArb, fc.nat(5)])(
    'an extra bounce back to the sender changes no other pairing or missing fact',
    (l, run, pick) => {
      const observed = build(run);
      const out = observed[pick % Math.max(observed.length, 1)];
      if (!out || out.from === out.to) return;
      // The receiver sends it straight back, at the same step, explaining no expectation.
      const back = handoff(out.to, out.from, out.step, { at: out.at + 1e-9 });
      fc.pre(l.handoffs.every((e) => judgePair(e, back) === undefined));
      const judged = (v: string[]) =>
        v.filter((x) => !x.startsWith('handoff.unneeded') && !x.startsWith('handoff.bounced'));
      const before = verdicts(observed, l);
      const after = verdicts([...observed, back], l);
      expect(judged(after)).toEqual(judged(before));
      // What was unclaimed stays unclaimed (it may become a bounce: the return is evidence).
      const unclaimed = (v: string[]) =>
        v
          .filter((x) => x.startsWith('handoff.unneeded') || x.startsWith('handoff.bounced'))
          .map((x) => x.split(':')[1])
          .filter((id) => id !== back.spanId)
          .sort();
      expect(unclaimed(after)).toEqual(unclaimed(before));
    },
  );
});
