import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { SharedValues } from './shared-values.ts';

const json = fc.jsonValue({ maxDepth: 3 }).map((v): unknown => JSON.parse(JSON.stringify(v)));

describe('SharedValues', () => {
  test.prop([fc.array(json, { maxLength: 20 })])(
    'gives back a value equal to the one given, the same object for the same JSON',
    (values) => {
      const shared = new SharedValues();
      const first = new Map<string, unknown>();
      for (const v of values) {
        const copy = JSON.parse(JSON.stringify(v)) as unknown;
        const got = shared.one(copy);
        expect(got).toEqual(v);
        const text = JSON.stringify(v);
        if (!first.has(text)) first.set(text, got);
        expect(got).toBe(first.get(text));
      }
    },
  );

  it('holds one copy of the parts cases read from a file have alike', () => {
    const shared = new SharedValues();
    const parsed = [1, 2, 3].map(() => JSON.parse('{"handoff.on_time":{"count":1,"of":1}}'));

    const kept = parsed.map((t) => shared.one(t));

    expect(kept[1]).toBe(kept[0]);
    expect(kept[2]).toBe(kept[0]);
    expect(shared.one({ other: true })).toEqual({ other: true });
  });

  it('keeps a value JSON cannot write as it is', () => {
    const shared = new SharedValues();
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;

    expect(shared.one(cycle)).toBe(cycle);
    expect(shared.one({ big: 1n })).toEqual({ big: 1n });
  });

  it('keeps new values as they are once it remembers its most', () => {
    const shared = new SharedValues();
    for (let i = 0; i < 10_000; i++) shared.one({ i });

    const late = { i: 10_000 };
    expect(shared.one(late)).toBe(late);
    expect(shared.one({ i: 10_000 })).not.toBe(late);
    expect(shared.one({ i: 3 })).toEqual({ i: 3 });
  });
});
