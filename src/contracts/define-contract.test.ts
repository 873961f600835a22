import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkEnvelope } from './check-envelope.ts';
import { defineContract } from './define-contract.ts';
import { rules } from './rules/index.ts';

const CTX = { from: 'triage', to: 'refunds', now: 0 };

describe('defineContract', () => {
  it('names the contract after its edge, with any sender by default', () => {
    // Act
    const contract = defineContract({ to: 'refunds' });

    // Assert
    expect(contract).toMatchObject({ name: '*→refunds', from: '*', to: 'refunds', rules: [] });
  });

  it('merges user fields with rule fields into one strict object', () => {
    // Arrange
    const contract = defineContract({
      from: 'triage',
      to: 'refunds',
      name: 'refund request',
      fields: { order_id: z.string(), amount: z.number().optional() },
      rules: [rules.hop()],
    });

    // Act
    const ok = checkEnvelope(contract, { order_id: 'A-1001', hop: 1 }, CTX);
    const extra = checkEnvelope(contract, { order_id: 'A-1001', hop: 1, notes: 'hi' }, CTX);

    // Assert
    expect(contract.name).toBe('refund request');
    expect(ok).toEqual([]);
    expect(extra).toEqual([
      { rule: 'structure', path: ['notes'], expected: 'no field', received: 'field `notes`' },
    ]);
  });

  it('takes the fields as a zod object too', () => {
    const contract = defineContract({ to: 'refunds', fields: z.object({ order_id: z.string() }) });
    expect(checkEnvelope(contract, {}, CTX)).toMatchObject([
      { rule: 'structure', path: ['order_id'], received: 'no field' },
    ]);
  });

  it('refuses a user field that a rule also declares, naming both', () => {
    const define = () =>
      defineContract({ to: 'coder', fields: { goal: z.string() }, rules: [rules.goal()] });
    expect(define).toThrow(
      'Failed to define contract *→coder: field `goal` is declared by both the contract fields and rule goal.capped.',
    );
  });

  it('refuses two rules that declare the same field', () => {
    const define = () =>
      defineContract({
        to: 'coder',
        rules: [rules.environment({ field: 'to' }), rules.addressee()],
      });
    expect(define).toThrow(
      /field `to` is declared by both rule environment\.present and rule addressee\.matches/,
    );
  });

  it('refuses a rule listed twice', () => {
    const define = () =>
      defineContract({ to: 'coder', rules: [rules.hop(), rules.hop({ cap: 2 })] });
    expect(define).toThrow(/rule hop\.capped is listed twice/);
  });

  it('lets the two findings rules share the findings field', () => {
    // Arrange
    const contract = defineContract({
      to: 'coder',
      rules: [rules.freshFindings(), rules.cappedFindings({ max: 1 })],
    });
    const findings = [
      { claim: 'a', at: '1970-01-01T00:00:00Z' },
      { claim: 'b', at: '1970-01-01T00:00:00Z' },
    ];

    // Act
    const issues = checkEnvelope(contract, { findings }, CTX);

    // Assert
    expect(issues.map((i) => i.rule)).toEqual(['findings.capped']);
  });
});
