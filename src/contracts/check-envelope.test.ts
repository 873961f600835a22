import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { checkEnvelope, formatIssuePath, MAX_ISSUES } from './check-envelope.ts';
import { defineContract } from './define-contract.ts';
import { CTX, DEFAULTS } from './rules/envelope-fixtures.ts';
import { rules } from './rules/index.ts';
import type { ContractIssue, Rule } from './types.ts';

const contract = DEFAULTS.contract;

describe('checkEnvelope on what is not an envelope', () => {
  it.each([
    [undefined, 'no envelope'],
    [null, 'null'],
    ['{"goal": "x"}', '"{\\"goal\\": \\"x\\"}"'],
    [[], 'an empty array'],
    [42, '42'],
  ])('reports one structure issue for %j', (envelope, received) => {
    expect(checkEnvelope(contract, envelope, CTX)).toEqual([
      { rule: 'structure', path: [], expected: 'an object', received },
    ]);
  });

  test.prop([
    fc.anything({
      withNullPrototype: true,
      withMap: true,
      withSet: true,
      withDate: true,
      withTypedArray: true,
      withSparseArray: true,
      withBoxedValues: true,
      withBigInt: true,
    }),
  ])('never throws, and returns well-formed issues in a stable order', (envelope) => {
    // Act
    const issues = checkEnvelope(contract, envelope, CTX);

    // Assert
    expect(issues.every(isWellFormed)).toBe(true);
    expect(issues.length).toBeLessThanOrEqual(MAX_ISSUES);
    expect(checkEnvelope(contract, envelope, CTX)).toEqual(issues);
  });

  it('survives an envelope whose fields throw when read', () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no keys for you');
        },
      },
    );
    expect(checkEnvelope(contract, hostile, CTX)).toEqual([
      {
        rule: 'structure',
        path: [],
        expected: 'an envelope that can be read',
        received: 'a value that threw: no keys for you',
      },
    ]);
  });

  it('turns a rule check that throws into an issue of that rule', () => {
    const broken: Rule = {
      code: 'custom.broken',
      description: '',
      fields: {},
      mutations: [],
      check: () => {
        throw new Error('bug');
      },
    };
    expect(checkEnvelope(defineContract({ to: 'coder', rules: [broken] }), {}, CTX)).toEqual([
      { rule: 'custom.broken', path: [], expected: 'a check that runs', received: 'it threw: bug' },
    ]);
  });

  it('lists at most MAX_ISSUES issues for a huge envelope and counts the rest', () => {
    // Arrange
    const huge = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]));

    // Act
    const issues = checkEnvelope(contract, huge, CTX);

    // Assert
    expect(issues).toHaveLength(MAX_ISSUES);
    expect(issues.at(-1)).toMatchObject({
      rule: 'structure',
      path: [],
      received: expect.stringMatching(/^\d[\d,]* more problems not listed$/),
    });
  });
});

describe('checkEnvelope ordering', () => {
  it('orders by path (indexes as numbers), then rule', () => {
    // Arrange
    const stale = '2001-01-01T00:00:00Z';
    const findings = Array.from({ length: 11 }, (_, i) => ({
      claim: `c${i}`,
      ...(i % 5 === 0 ? { at: stale } : { at: '2025-06-01T11:00:00Z' }),
    }));

    // Act
    const issues = checkEnvelope(
      defineContract({ to: 'coder', rules: [rules.freshFindings(), rules.cappedFindings()] }),
      { findings },
      CTX,
    );

    // Assert
    expect(issues.map((i) => `${formatIssuePath(i.path)} ${i.rule}`)).toEqual([
      'findings findings.capped',
      'findings[0].at findings.fresh',
      'findings[5].at findings.fresh',
      'findings[10].at findings.fresh',
    ]);
  });

  test.prop([
    fc.array(fc.tuple(fc.constantFrom('goal', 'hop', 'artifacts', 'extra'), fc.anything()), {
      maxLength: 6,
    }),
  ])('gives the same issues whatever order the fields were written in', (entries) => {
    const forward = Object.fromEntries(entries);
    const backward = Object.fromEntries(Object.entries(forward).reverse());
    expect(checkEnvelope(contract, backward, CTX)).toEqual(checkEnvelope(contract, forward, CTX));
  });
});

describe('formatIssuePath', () => {
  it.each([
    [[], ''],
    [['goal'], 'goal'],
    [['findings', 2, 'at'], 'findings[2].at'],
    [['a', 'b', 0, 'c'], 'a.b[0].c'],
    [['odd key', 'x'], '["odd key"].x'],
  ])('%j → %s', (path, text) => {
    expect(formatIssuePath(path)).toBe(text);
  });
});

function isWellFormed(issue: ContractIssue): boolean {
  return (
    typeof issue.rule === 'string' &&
    Array.isArray(issue.path) &&
    issue.path.every((s) => typeof s === 'string' || typeof s === 'number') &&
    issue.expected.length > 0 &&
    issue.received.length > 0
  );
}
