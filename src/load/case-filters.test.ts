import { describe, expect, test } from 'vitest';
import type { Case } from '../model/labelled-case.ts';
import { idMatches, keepCase } from './case-filters.ts';

const kase = (id: string, tags: string[]): Case => ({
  id,
  title: id,
  source: 'test',
  tags,
  agents: ['triage'],
  persons: [],
  entry: 'triage',
  steps: [{ kind: 'customer', text: 'hi' }],
  labels: { handoffs: [] },
});

describe('case filters', () => {
  test('ids match exactly, or with `*` standing for any run of characters', () => {
    expect(idMatches('refund-over-limit', 'refund-*')).toBe(true);
    expect(idMatches('refund-over-limit', '*-limit')).toBe(true);
    expect(idMatches('refund-over-limit', 'refund')).toBe(false);
    expect(idMatches('refund.v2', 'refund.*')).toBe(true);
    expect(idMatches('refundXv2', 'refund.*')).toBe(false);
  });

  test('suite tags keep any-of, excluded tags win, command-line tags narrow further', () => {
    const base = { tags: ['refunds'], excludeTags: ['legacy'] };

    expect(keepCase(kase('a', ['refunds']), base)).toBe(true);
    expect(keepCase(kase('b', ['refunds', 'legacy']), base)).toBe(false);
    expect(keepCase(kase('c', ['status']), base)).toBe(false);
    expect(keepCase(kase('d', ['refunds']), { ...base, filterTags: ['policy'] })).toBe(false);
    expect(keepCase(kase('e', []), { tags: [], excludeTags: [] })).toBe(true);
  });
});
