import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { TimelineEvent } from '../../model/timeline.ts';
import { describeFinding } from '../describe-finding.ts';
import { doubleOwner } from './double-owner.ts';
import { claim, effectLabels, release, timeline } from './effect-fixtures.ts';

const run = (...events: TimelineEvent[]) =>
  doubleOwner.run(timeline(...events), effectLabels(), {});

describe('double-owner', () => {
  it('flags two agents holding the same work at once, at the later claim', () => {
    const first = claim('T-1', 'refunds', 1);
    const second = claim('T-1', 'billing', 2);
    const findings = run(first, second);

    expect(findings).toEqual([
      {
        check: 'double-owner',
        code: 'ownership.double_owner',
        outcome: 'fail',
        step: 2,
        expected: { work: 'T-1', owners: ['refunds'] },
        observed: { work: 'T-1', owners: ['refunds', 'billing'] },
        spanIds: [first.spanId, second.spanId],
      },
    ]);
    expect(describeFinding(findings[0]!)).toBe('refunds and billing held T-1 at the same time');
  });

  it('ignores refused claims, claims on other work, renewals and lapsed leases', () => {
    expect(run(claim('T-1', 'a', 1), claim('T-1', 'b', 2, { granted: false }))).toEqual([]);
    expect(run(claim('T-1', 'a', 1), claim('T-2', 'b', 2))).toEqual([]);
    expect(run(claim('T-1', 'a', 1), claim('T-1', 'a', 2))).toEqual([]);
    expect(run(claim('T-1', 'a', 1, { expiresAt: 150 }), claim('T-1', 'b', 2))).toEqual([]);
  });

  it('a release by someone else does not end a lease', () => {
    expect(run(claim('T-1', 'a', 1), release('T-1', 'b', 1), claim('T-1', 'b', 2))).toHaveLength(1);
  });

  it('one finding per overlapping pair', () => {
    expect(run(claim('T-1', 'a', 1), claim('T-1', 'b', 2), claim('T-1', 'c', 3))).toHaveLength(3);
  });
});

/** Claims by distinct agents at increasing times, each with a lease length (null: no expiry). */
const claims = fc.array(
  fc.record({
    gap: fc.integer({ min: 1, max: 50 }),
    lease: fc.option(fc.integer({ min: 1, max: 80 })),
  }),
  { minLength: 2, maxLength: 6 },
);

function schedule(specs: { gap: number; lease: number | null }[]) {
  let at = 0;
  return specs.map((s, i) => {
    at += s.gap;
    return { agent: `agent${i}`, at, end: s.lease === null ? Infinity : at + s.lease };
  });
}

describe('double-owner properties', () => {
  test.prop([claims])(
    'a claim that ends before the next begins never yields double_owner',
    (specs) => {
      const events = schedule(specs).flatMap((c) => {
        // Each ends strictly before the next claim (gaps are at least 1): released or expired.
        const end = c.at + 0.5;
        return c.end === Infinity
          ? [claim('T-1', c.agent, 0, { at: c.at }), release('T-1', c.agent, 0, end)]
          : [claim('T-1', c.agent, 0, { at: c.at, expiresAt: end })];
      });
      expect(run(...events)).toEqual([]);
    },
  );

  test.prop([claims])('finds exactly the pairs whose lease intervals overlap', (specs) => {
    const plan = schedule(specs);
    const events = plan.map((c) =>
      claim('T-1', c.agent, 0, { at: c.at, ...(c.end !== Infinity && { expiresAt: c.end }) }),
    );
    const overlapping = plan.flatMap((a, i) =>
      plan
        .slice(i + 1)
        .filter((b) => b.at < a.end)
        .map((b) => [a.agent, b.agent]),
    );
    const found = run(...events).map((f) => (f.observed as { owners: string[] }).owners);
    expect(found).toEqual(overlapping);
  });

  test.prop([claims, fc.nat()])(
    'adding a release before the second claim removes its double_owner finding',
    (specs, pick) => {
      const plan = schedule(specs);
      const events = plan.map((c) => claim('T-1', c.agent, 0, { at: c.at }));
      const i = 1 + (pick % (plan.length - 1));
      const before = plan[i - 1]!;
      const second = plan[i]!;
      const pair = (fs: ReturnType<typeof run>) =>
        fs.filter((f) => {
          const owners = (f.observed as { owners: string[] }).owners;
          return owners[0] === before.agent && owners[1] === second.agent;
        });
      expect(pair(run(...events))).toHaveLength(1);

      const released = release('T-1', before.agent, 0, (before.at + second.at) / 2);
      expect(pair(run(...events, released))).toEqual([]);
    },
  );
});
