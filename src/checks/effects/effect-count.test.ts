import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { EffectEvent } from '../../model/timeline.ts';
import { describeFinding } from '../describe-finding.ts';
import { effectCount } from './effect-count.ts';
import { effect, effectLabels, expectEffect, timeline } from './effect-fixtures.ts';

const codes = (fs: { code: string }[]) => fs.map((f) => f.code);

describe('effect-count', () => {
  it('says how many commits of a double had no recorded outcome (a retried call may have failed)', () => {
    const unsure = { via: 'tool', unsure: true } as const;
    const first = effect('refund', 'A-1', 'refunds', 1, unsure);
    const second = effect('refund', 'A-1', 'refunds', 1, unsure);
    const [both] = effectCount.run(timeline(first, second), effectLabels(), {});
    expect(both).toMatchObject({ code: 'effect.double', observed: { times: 2, unsure: 2 } });
    expect(describeFinding(both!)).toBe(
      'refund A-1 committed 2 times (by refunds); expected once (both of unknown outcome: nothing recorded whether the tool call succeeded, so a call that failed and was retried counts too)',
    );
    const sure = effect('refund', 'A-1', 'refunds', 2);
    const [one] = effectCount.run(timeline(first, sure), effectLabels(), {});
    expect(one?.observed).toMatchObject({ unsure: 1 });
    expect(describeFinding(one!)).toContain('(1 of them of unknown outcome');
    const forbidden = effectLabels([expectEffect('refund', 'A-1', 0)]);
    const [never] = effectCount.run(timeline(first), forbidden, {});
    expect(describeFinding(never!)).toBe(
      'refund A-1 committed once (by refunds); it must not happen (of unknown outcome: nothing recorded whether the tool call succeeded)',
    );
    const [none] = effectCount.run(
      timeline(sure, effect('refund', 'A-1', 'refunds', 3)),
      effectLabels(),
      {},
    );
    expect(none?.observed).not.toHaveProperty('unsure');
  });

  it('flags an unlabelled identity committed twice, at the second commit, naming both agents', () => {
    const first = effect('refund', 'A-1', 'refunds', 1);
    const second = effect('refund', 'A-1', 'billing', 3);
    const findings = effectCount.run(timeline(first, second), effectLabels(), {});

    expect(findings).toEqual([
      {
        check: 'effect-count',
        code: 'effect.double',
        outcome: 'fail',
        step: 3,
        expected: { effect: 'refund', key: 'A-1', times: 1 },
        observed: { effect: 'refund', key: 'A-1', times: 2, agents: ['refunds', 'billing'] },
        spanIds: [first.spanId, second.spanId],
      },
    ]);
    expect(describeFinding(findings[0]!)).toBe(
      'refund A-1 committed 2 times (by refunds, billing); expected once',
    );
  });

  it('counts only committed effects: a failed call and a blocked one do not make a double', () => {
    const t = timeline(
      effect('refund', 'A-1', 'refunds', 1, { outcome: 'failed' }),
      effect('refund', 'A-1', 'refunds', 2, { outcome: 'blocked' }),
      effect('refund', 'A-1', 'refunds', 3),
    );
    expect(effectCount.run(t, effectLabels(), {})).toEqual([]);
  });

  it('judges `times: 0` as must-not-happen: any commit is effect.forbidden, not a double', () => {
    const t = timeline(
      effect('refund', 'A-1', 'refunds', 2),
      effect('refund', 'A-1', 'billing', 3),
    );
    const findings = effectCount.run(t, effectLabels([expectEffect('refund', 'A-1', 0)]), {});

    expect(findings).toMatchObject([
      { code: 'effect.forbidden', step: 2, expected: { times: 0 }, observed: { times: 2 } },
    ]);
    expect(describeFinding(findings[0]!)).toBe(
      'refund A-1 committed 2 times (by refunds, billing); it must not happen',
    );
  });

  it('flags a labelled identity committed fewer times than labelled, without a step when never', () => {
    const l = effectLabels([expectEffect('email', 'c-1', 2), expectEffect('refund', 'A-1', 1)]);
    const findings = effectCount.run(timeline(effect('email', 'c-1', 'support', 4)), l, {});

    expect(findings).toMatchObject([
      { code: 'effect.missing', step: 4, observed: { times: 1 }, expected: { times: 2 } },
      { code: 'effect.missing', observed: { times: 0 }, spanIds: [] },
    ]);
    expect(findings[1]).not.toHaveProperty('step');
    expect(describeFinding(findings[1]!)).toBe('refund A-1 committed 0 times; expected once');
  });

  it('names the keys an effect was committed under that no label names, beside a missing one', () => {
    // A label with its key misspelt: the refund was made, for the key the label meant.
    const l = effectLabels([expectEffect('refund', 'A-1010', 1), expectEffect('refund', 'B-2', 1)]);
    const t = timeline(
      effect('refund', 'A-1001', 'refunds', 1),
      effect('refund', 'B-2', 'refunds', 2),
    );

    const findings = effectCount.run(t, l, {});

    expect(findings.map(describeFinding)).toEqual([
      'refund A-1010 committed 0 times; expected once (refund was committed for A-1001, which no label names)',
    ]);
  });

  it('counts opportunities: identities committed or forbidden, and labelled ones to commit', () => {
    const t = timeline(effect('refund', 'A-1', 'r', 1), effect('email', 'x', 'r', 1));
    const l = effectLabels([expectEffect('refund', 'A-1', 1), expectEffect('refund', 'B-2', 0)]);
    expect(effectCount.opportunities(t, l, {})).toEqual({
      'effect.double': 2,
      'effect.forbidden': 1,
      'effect.missing': 1,
    });
  });
});

const identities = fc.uniqueArray(
  fc.record({
    effect: fc.constantFrom('refund', 'email', 'charge'),
    key: fc.string({ maxLength: 4 }),
  }),
  { selector: (i) => `${i.effect}/${i.key}`, minLength: 1, maxLength: 6 },
);

describe('effect-count properties', () => {
  test.prop([identities, fc.nat()])(
    'duplicating a committed effect turns a clean identity into effect.double with times 2',
    (ids, pick) => {
      const events = ids.map((i, n) => effect(i.effect, i.key, 'agent', n));
      const clean = timeline(...events);
      expect(effectCount.run(clean, effectLabels(), {})).toEqual([]);

      const original = events[pick % events.length] as EffectEvent;
      const copy = effect(original.effect, original.key, 'agent', 99);
      const findings = effectCount.run(timeline(...events, copy), effectLabels(), {});

      expect(codes(findings)).toEqual(['effect.double']);
      expect(findings[0]).toMatchObject({
        step: 99,
        observed: { effect: original.effect, key: original.key, times: 2 },
      });
    },
  );

  test.prop([fc.nat(4), fc.nat(4)])(
    'a labelled identity is double above its times (forbidden when 0), missing below, clean at exactly',
    (times, commits) => {
      const events = Array.from({ length: commits }, (_, n) => effect('refund', 'A-1', 'r', n));
      const l = effectLabels([expectEffect('refund', 'A-1', times)]);
      const found = codes(effectCount.run(timeline(...events), l, {}));
      const over = times === 0 ? ['effect.forbidden'] : ['effect.double'];
      const want = commits > times ? over : commits < times ? ['effect.missing'] : [];
      expect(found).toEqual(want);
    },
  );

  const permuted = identities.chain((ids) =>
    fc.tuple(
      fc.constant(ids),
      fc.array(fc.nat(2), { minLength: ids.length, maxLength: ids.length }),
      fc.shuffledSubarray([...ids.keys()], { minLength: ids.length, maxLength: ids.length }),
    ),
  );

  test.prop([permuted])(
    'the order in which distinct identities happen changes nothing',
    ([ids, repeats, order]) => {
      const summary = (sequence: number[]) => {
        const events = sequence.flatMap((n, slot) => {
          const i = ids[n]!;
          const copies = (repeats[n] ?? 0) + 1;
          return Array.from({ length: copies }, () => effect(i.effect, i.key, 'a', slot));
        });
        return effectCount
          .run(timeline(...events), effectLabels(), {})
          .map((f) => JSON.stringify([f.code, f.observed]))
          .sort();
      };
      expect(summary(order)).toEqual(summary([...ids.keys()]));
    },
  );
});
