import { describe, expect, it } from 'vitest';
import { contractFor, validateContracts } from './contract-for.ts';
import { defineContract } from './define-contract.ts';

const anyToRefunds = defineContract({ to: 'refunds', name: 'any → refunds' });
const triageToRefunds = defineContract({ from: 'triage', to: 'refunds', name: 'triage → refunds' });
const toBilling = defineContract({ to: 'billing' });

describe('contractFor', () => {
  it('prefers the contract for exactly that sender over the one for any sender', () => {
    const contracts = [anyToRefunds, triageToRefunds, toBilling];
    expect(contractFor(contracts, 'triage', 'refunds')).toBe(triageToRefunds);
    expect(contractFor(contracts, 'billing', 'refunds')).toBe(anyToRefunds);
    expect(contractFor(contracts, 'refunds', 'billing')).toBe(toBilling);
  });

  it('finds nothing for an edge no contract covers', () => {
    expect(contractFor([triageToRefunds], 'billing', 'refunds')).toBeUndefined();
    expect(contractFor([anyToRefunds], 'refunds', 'triage')).toBeUndefined();
  });
});

describe('validateContracts', () => {
  it('is quiet when every edge has one contract, wildcards included', () => {
    expect(validateContracts([anyToRefunds, triageToRefunds, toBilling])).toEqual([]);
  });

  it('reports two contracts for the same edge, by name', () => {
    const again = defineContract({ from: 'triage', to: 'refunds', name: 'refund request v2' });
    expect(validateContracts([triageToRefunds, toBilling, again])).toEqual([
      '2 contracts for the edge triage → refunds: `triage → refunds` and `refund request v2`',
    ]);
  });
});
