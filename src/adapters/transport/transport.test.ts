import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createCapture } from '../../capture/capture.ts';
import { ATTR } from '../../conventions/attributes.ts';
import { handoffAttributes } from '../../public/conventions.ts';
import { createTransport, DeliveryTimeoutError, seedFor } from './transport.ts';

const route = { from: 'triage', to: 'refunds' };
const run = { caseId: 'refund-750', repeat: 0 };

describe('createTransport', () => {
  it('delivers once, unchanged, without faults', async () => {
    let calls = 0;
    const answer = await createTransport([], run).deliver(route, () => ++calls);
    expect([answer, calls]).toEqual([1, 1]);
  });

  it('delivers twice, concurrently, under duplicate_delivery for that receiver only', async () => {
    const t = createTransport([{ fault: 'duplicate_delivery', to: 'refunds' }], run);
    const seen: string[] = [];
    await t.deliver(route, async () => void seen.push('refunds'));
    await t.deliver({ from: 'triage', to: 'billing' }, async () => void seen.push('billing'));
    expect(seen).toEqual(['refunds', 'refunds', 'billing']);
  });

  it('fails the delivery for the sender when the receiver times out', async () => {
    const t = createTransport([{ fault: 'receiver_timeout', after_ms: 5 }], run);
    const slow = () => new Promise((done) => setTimeout(done, 200));
    await expect(t.deliver(route, slow)).rejects.toBeInstanceOf(DeliveryTimeoutError);
    await expect(t.deliver(route, slow)).rejects.toThrow(
      'delivery triage → refunds got no answer within 5 ms',
    );
  });

  it('delays only the slow receiver: a later delivery to another one arrives first', async () => {
    const t = createTransport([{ fault: 'slow_receiver', to: 'refunds', delay_ms: 30 }], run);
    const arrived: string[] = [];
    const slow = t.deliver(route, () => void arrived.push('refunds'));
    const quick = t.deliver({ from: 'triage', to: 'billing' }, () => void arrived.push('billing'));
    await Promise.all([slow, quick]);
    expect(arrived).toEqual(['billing', 'refunds']);
  });

  it('runs parallel work in a permuted order that its seed replays', async () => {
    const order = async (seed: number) => {
      const started: number[] = [];
      const t = createTransport([{ fault: 'permute', seed }], run);
      await t.parallel([0, 1, 2, 3, 4, 5].map((i) => async () => void started.push(i)));
      return started;
    };
    const orders = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(order));
    expect(await order(3)).toEqual(orders[2]);
    expect(new Set(orders.map((o) => o.join())).size).toBeGreaterThan(1);
    for (const o of orders) expect([...o].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it.each([
    ['in task order', []],
    ['permuted', [{ fault: 'permute' as const, seed: 4 }]],
  ])('marks the handoffs made inside one parallel call as one fan-out (%s)', async (_, faults) => {
    createCapture(); // Baton's context manager, as in every run
    const t = createTransport(faults, run);
    const fanOut = (to: string) => handoffAttributes({ from: 'triage', to })[ATTR.handoffFanOut];
    const branch = (to: string) => async () => {
      await Promise.resolve();
      return fanOut(to);
    };

    const first = await t.parallel([branch('billing'), branch('refunds')]);
    const second = await t.parallel([branch('billing')]);

    expect(first[0]).toMatch(/^fan-out-\d+$/);
    expect(first[1]).toBe(first[0]);
    expect(second[0]).not.toBe(first[0]);
    expect(fanOut('refunds')).toBeUndefined();
  });

  it('reports the seed of its permutation; without one, derives it from the case and repeat', () => {
    expect(createTransport([{ fault: 'permute', seed: 9 }], run).permutationSeed).toBe(9);
    expect(createTransport([{ fault: 'permute' }], run).permutationSeed).toBe(
      seedFor('refund-750', 0),
    );
    expect(createTransport([], run).permutationSeed).toBeUndefined();
  });

  test.prop([fc.array(fc.integer(), { maxLength: 8 }), fc.integer()])(
    'parallel returns every task’s result in task order, whatever the start order',
    async (values, seed) => {
      const t = createTransport([{ fault: 'permute', seed }], run);
      expect(await t.parallel(values.map((v) => async () => v))).toEqual(values);
    },
  );
});
