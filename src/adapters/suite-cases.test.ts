import { describe, expect, it } from 'vitest';
import type { Case } from '../model/labelled-case.ts';
import { suiteCases } from './suite-cases.ts';

const make = (id: string, entry: string, agents: string[]): Case => ({
  id,
  title: id,
  source: 'unit test',
  tags: [],
  agents,
  persons: [],
  entry,
  steps: [{ kind: 'customer', text: 'hi' }],
  labels: { handoffs: [] },
});

describe('suiteCases', () => {
  it('counts the cases at each entry, names the first three, and gathers every agent', () => {
    const cases = ['a', 'b', 'c', 'd'].map((id) => make(id, 'triage', ['triage', 'refunds']));

    const summary = suiteCases([...cases, make('e', 'billing', ['billing'])]);

    expect(summary?.first.id).toBe('a');
    expect(Object.fromEntries(summary?.entries ?? [])).toEqual({
      triage: { count: 4, ids: ['a', 'b', 'c'] },
      billing: { count: 1, ids: ['e'] },
    });
    expect([...(summary?.agents ?? [])]).toEqual(['triage', 'refunds', 'billing']);
  });

  it('is undefined for no case: there is nothing to check', () => {
    expect(suiteCases([])).toBeUndefined();
  });
});
