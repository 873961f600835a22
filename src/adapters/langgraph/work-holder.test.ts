import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WorkHolder } from './work-holder.ts';

/** The moves of one turn: each entry a participant node's run, in the order its update came. */
function movesOf(runs: readonly (readonly [node: string, step: number | undefined])[]): string[] {
  const holder = new WorkHolder();
  holder.beginTurn();
  const out: string[] = [];
  for (const [node, step] of runs) {
    for (const m of holder.arrive(node, step)) out.push(`${m.from}>${m.to}`);
    holder.wrote(node, { by: node }, true);
  }
  return out;
}

describe('WorkHolder', () => {
  it('reads nodes one after another as a chain of moves, the first of a turn taking the work', () => {
    expect(
      movesOf([
        ['triage', 1],
        ['refunds', 2],
        ['supervisor', 3],
      ]),
    ).toEqual(['triage>refunds', 'refunds>supervisor']);
    expect(
      movesOf([
        ['triage', undefined],
        ['refunds', undefined],
      ]),
    ).toEqual(['triage>refunds']);
  });

  it('hands side-by-side nodes their work from the superstep before, and a fan-in from each branch', () => {
    expect(
      movesOf([
        ['triage', 1],
        ['refunds', 2],
        ['billing', 2],
        ['closer', 3],
      ]),
    ).toEqual(['triage>refunds', 'triage>billing', 'billing>closer', 'refunds>closer']);
  });

  it('counts a node sent work twice in one superstep (Send) once', () => {
    expect(
      movesOf([
        ['triage', 1],
        ['refunds', 2],
        ['refunds', 2],
      ]),
    ).toEqual(['triage>refunds']);
  });

  it('carries what each sender wrote, not what a sibling wrote after it', () => {
    const holder = new WorkHolder();
    holder.arrive('triage', 1);
    holder.wrote('triage', { order_id: 'A-1' }, true);
    holder.arrive('billing', 2);
    holder.wrote('billing', { invoice: 7 }, true);
    holder.wrote('tools', { looked_up: true }, false);
    const [toRefunds] = holder.arrive('refunds', 2);
    const toCloser = holder.arrive('closer', 3);

    expect(toRefunds?.payload).toEqual({ order_id: 'A-1' });
    expect(toCloser.map((m) => [m.from, m.payload])).toEqual([
      ['billing', { invoice: 7, looked_up: true }],
      ['refunds', {}],
    ]);
  });

  it('reads no move to a node a mark already handed the work to', () => {
    const holder = new WorkHolder();
    holder.arrive('triage', 1);
    holder.handTo('refunds');

    expect(holder.arrive('refunds', 2)).toEqual([]);
    expect(holder.current).toBe('refunds');
  });

  it('gives the same moves whatever order side-by-side updates come in', () => {
    const names = ['a', 'b', 'c', 'd', 'e'];
    // Supersteps of one to three distinct nodes each, and the order each one's updates come in.
    const superstep = fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(superstep, fc.infiniteStream(fc.nat())), { maxLength: 5 }),
        (steps) => {
          const inOrder = steps.flatMap(([nodes], i) => nodes.map((n) => [n, i] as const));
          const shuffled = steps.flatMap(([nodes, seeds], i) => {
            const keyed = nodes.map((n) => ({ n, k: seeds.next().value as number }));
            return keyed.sort((x, y) => x.k - y.k).map(({ n }) => [n, i] as const);
          });
          expect(movesOf(shuffled).sort()).toEqual(movesOf(inOrder).sort());
          // Every move comes from a node of the superstep just before its receiver's.
          const holder = new WorkHolder();
          for (const [node, i] of shuffled) {
            for (const m of holder.arrive(node, i)) expect(steps[i - 1]?.[0]).toContain(m.from);
          }
        },
      ),
    );
  });
});
