import { describe, expect, it } from 'vitest';
import type { CaseList, CaseResult } from '../model/report.ts';
import { regressedRun } from '../report/fixtures.ts';
import { TakenAsRead } from './taken-as-read.ts';

/** The fixture's cases as a list that counts how often each case is read. */
function counted(): { list: CaseList; reads: () => number } {
  const cases = regressedRun().cases;
  let reads = 0;
  const list: CaseList = {
    length: cases.length,
    *[Symbol.iterator](): Generator<CaseResult> {
      for (const c of cases) {
        reads++;
        yield c;
      }
    },
  };
  return { list, reads: () => reads };
}

describe('TakenAsRead', () => {
  it('keeps what it takes of every case from the first whole read, and reads nothing again', () => {
    const { list, reads } = counted();
    const taken = new TakenAsRead(list, (c) => c.id);
    const ids = [...taken].map((c) => c.id);
    expect(taken.taken()).toEqual(ids);
    expect(reads()).toBe(list.length);
  });

  it('reads the cases again when no read went through them all', () => {
    const { list, reads } = counted();
    const taken = new TakenAsRead(list, (c) => c.id);
    for (const _ of taken) break;
    expect(taken.taken()).toHaveLength(list.length);
    expect(reads()).toBe(1 + list.length);
  });
});
