import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TouchOrder } from './touch-order.ts';

interface Item {
  readonly name: number;
  stamp: number;
}

describe('TouchOrder', () => {
  it('gives items least recently touched first, as a Map reordered at every touch does', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.nat(20).map((n) => ({ touch: n })),
            fc.constant({ take: true }),
          ),
          {
            maxLength: 20_000,
          },
        ),
        (ops) => {
          const items = new Map<number, Item>();
          const order = new TouchOrder<Item>((i) => i.stamp);
          const model = new Map<number, Item>(); // the slow, obvious way
          let stamp = 0;
          for (const op of ops) {
            if ('touch' in op) {
              const item = items.get(op.touch) ?? { name: op.touch, stamp: -1 };
              items.set(op.touch, item);
              item.stamp = stamp;
              order.touch(item, stamp++);
              model.delete(op.touch);
              model.set(op.touch, item);
            } else {
              const oldest = order.oldest();
              expect(oldest?.name).toBe(model.keys().next().value);
              if (oldest) {
                order.shift();
                oldest.stamp = -1;
                items.delete(oldest.name);
                model.delete(oldest.name);
              }
            }
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it('keeps a few entries an item however often items are touched', () => {
    const order = new TouchOrder<Item>((i) => i.stamp);
    const items = Array.from({ length: 10 }, (_, name) => ({ name, stamp: -1 }));
    for (let s = 0; s < 1_000_000; s++) {
      const item = items[s % 10] as Item;
      item.stamp = s;
      order.touch(item, s);
    }
    expect(order.oldest()?.name).toBe(0);
    expect(order.entries).toBeLessThan(5000);
  });
});
