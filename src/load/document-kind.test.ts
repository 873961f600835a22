import { describe, expect, test } from 'vitest';
import { documentKind } from './document-kind.ts';

describe('documentKind', () => {
  test('a suite with its `adapter` misspelt is a suite', () => {
    const data = { name: 's', cases: { include: ['c.yaml'] }, adaptor: {}, reports: {} };

    expect(documentKind(data)).toBe('suite');
  });

  test('a suite whose every key is misspelt leans to the suite by its misspellings', () => {
    expect(documentKind({ nmae: 's', casess: {}, adaptor: {} })).toBe('suite');
  });

  test('a case with a key only suites have (`name` for `title`) is still a case', () => {
    const data = { id: 'c', name: 't', source: 's', participants: {}, steps: [], expect: {} };

    expect(documentKind(data)).toBe('case');
  });

  test('a case with misspelt keys is a case', () => {
    expect(documentKind({ id: 'c', titel: 't', stpes: [], expcet: {} })).toBe('case');
  });

  test('a tie goes to the suite when `cases` or `adapter` is there, else to the case', () => {
    expect(documentKind({ cases: {}, id: 'c' })).toBe('suite');
    expect(documentKind({ gates: [], id: 'c' })).toBe('case');
  });

  test('keys both have, no keys, and no mapping at all say case', () => {
    expect(documentKind({ $schema: 'x', faults: [] })).toBe('case');
    expect(documentKind({})).toBe('case');
    expect(documentKind(['a'])).toBe('case');
    expect(documentKind('text')).toBe('case');
  });
});
