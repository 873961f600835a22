import { describe, expect, test } from 'vitest';
import type { Case } from '../model/labelled-case.ts';
import type { CaseContext } from './adapter.ts';
import { caseBasics } from './case-basics.ts';

const testCase = {
  id: 'refund-1',
  entry: 'triage',
  agents: ['triage', 'refunds'],
  persons: ['supervisor'],
} as unknown as Case;

function context(): { ctx: CaseContext; reads: () => number } {
  let reads = 0;
  const signal = new AbortController().signal;
  const ctx = {
    repeat: 2,
    get signal() {
      reads++;
      return signal;
    },
  } as unknown as CaseContext;
  return { ctx, reads: () => reads };
}

describe('the basics an implementation is told about a case', () => {
  test('read the signal from the context only when asked, each case its own', () => {
    const a = context();
    const b = context();
    const first = caseBasics(testCase, a.ctx);
    const second = caseBasics(testCase, b.ctx);
    expect(a.reads()).toBe(0);
    expect(first.signal).toBe(a.ctx.signal);
    expect(second.signal).toBe(b.ctx.signal);
    expect(second.signal).not.toBe(first.signal);
  });

  test('list their fields as plain data, the signal last, and nothing of the context', () => {
    const basics = caseBasics(testCase, context().ctx);
    expect(Object.keys(basics)).toEqual(['id', 'entry', 'agents', 'persons', 'repeat', 'signal']);
    const copy = { ...basics };
    expect(Object.getOwnPropertySymbols(copy)).toEqual([]);
    expect(copy).toMatchObject({ id: 'refund-1', entry: 'triage', repeat: 2 });
    expect(copy.signal).toBeInstanceOf(AbortSignal);
  });
});
