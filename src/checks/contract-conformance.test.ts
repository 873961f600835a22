import { describe, expect, it } from 'vitest';
import { defineContract } from '../contracts/define-contract.ts';
import { rules } from '../contracts/rules/index.ts';
import { contractConformance } from './contract-conformance.ts';
import { withMessage } from './describe-finding.ts';
import { handoff, labels, timeline } from './timeline-fixtures.ts';

// Timeline fixtures stamp handoffs a few hundred ms after the epoch: the clock freshness uses.
const EPOCH = '1970-01-01T00:00:00.000Z';
const refunds = defineContract({
  from: 'triage',
  to: 'refunds',
  name: 'refund request',
  rules: [rules.goal({ max: 40 }), rules.freshFindings(), rules.hop()],
});
const valid = { goal: 'Refund order A-1001', findings: [{ claim: 'paid', at: EPOCH }], hop: 1 };
const none = labels([]);

describe('contract-conformance', () => {
  it('finds nothing when every envelope meets its contract', () => {
    // Arrange
    const t = timeline(handoff('triage', 'refunds', 1, { payload: valid }));
    const options = { contracts: [refunds], require: true };

    // Act
    const findings = contractConformance.run(t, none, options);

    // Assert
    expect(findings).toEqual([]);
    expect(contractConformance.opportunities(t, none, options)).toEqual({
      'contract.violation': 1,
      'contract.missing': 1,
    });
  });

  it("lets a payload carry the handoff's reason undeclared, and nothing else", () => {
    const options = { contracts: [refunds], require: false };
    const given = (payload: object, reason?: string) =>
      contractConformance
        .run(
          timeline(handoff('triage', 'refunds', 1, { payload, ...(reason && { reason }) })),
          none,
          options,
        )
        .map((f) => (f.observed as { path: string }).path);

    expect(given({ ...valid, reason: 'capability_boundary' }, 'capability_boundary')).toEqual([]);
    expect(given({ ...valid, reason: 'capability_boundary' })).toEqual(['reason']);
    expect(given({ ...valid, note: 'x' }, 'capability_boundary')).toEqual(['note']);
  });

  it('reports each broken rule with the step, the span and where in the envelope', () => {
    // Arrange
    const payload = { ...valid, hop: 4, findings: [{ claim: 'paid', at: '2025-05-29T09:30:00Z' }] };
    const h = handoff('triage', 'refunds', 2, { payload, at: Date.parse('2025-06-01T12:00:00Z') });

    // Act
    const findings = contractConformance
      .run(timeline(h), none, { contracts: [refunds], require: false })
      .map(withMessage);

    // Assert
    expect(findings).toMatchObject([
      {
        check: 'contract-conformance',
        code: 'contract.violation',
        outcome: 'fail',
        step: 2,
        spanIds: [h.spanId],
        expected: { contract: 'refund request', rule: 'findings.fresh' },
        observed: {
          from: 'triage',
          to: 'refunds',
          contract: 'refund request',
          path: 'findings[0].at',
        },
      },
      { expected: { rule: 'hop.capped' }, observed: { path: 'hop' } },
    ]);
    expect(findings.map((f) => f.message)).toEqual([
      'triage → refunds at step 2 broke its contract: findings[0].at: expected an ISO 8601 timestamp at most 24 h before the handoff, received a timestamp 3 days 2 h old [findings.fresh]',
      'triage → refunds at step 2 broke its contract: hop: expected a whole number from 0 to 3 (the hop cap is 4), received 4 [hop.capped]',
    ]);
  });

  it('checks a handoff without a payload as a missing envelope', () => {
    const t = timeline(handoff('triage', 'refunds', 0));
    const findings = contractConformance.run(t, none, { contracts: [refunds], require: false });
    expect(findings.map(withMessage).map((f) => f.message)).toEqual([
      'triage → refunds at step 0 broke its contract: expected an object, received no envelope [structure]',
    ]);
  });

  it('reports a handoff without a contract only when the suite requires one', () => {
    // Arrange
    const h = handoff('refunds', 'supervisor', 3, { payload: { amount: 750 } });
    const t = timeline(h);

    // Act
    const required = contractConformance.run(t, none, { contracts: [refunds], require: true });
    const optional = contractConformance.run(t, none, { contracts: [refunds], require: false });

    // Assert
    expect(required.map(withMessage)).toEqual([
      {
        check: 'contract-conformance',
        code: 'contract.missing',
        outcome: 'fail',
        step: 3,
        observed: { from: 'refunds', to: 'supervisor' },
        spanIds: [h.spanId],
        message: 'refunds → supervisor at step 3 has no contract, and the suite requires one',
      },
    ]);
    expect(optional).toEqual([]);
    expect(
      contractConformance.opportunities(t, none, { contracts: [refunds], require: false }),
    ).toEqual({
      'contract.violation': 0,
      'contract.missing': 0,
    });
  });

  it("judges no envelope of a framework's automatic return, which no agent wrote", () => {
    // A createSupervisor worker handed back, with a contract on the way out and one required.
    const back = defineContract({
      from: 'refunds',
      to: 'triage',
      name: 'refund answer',
      rules: [],
    });
    const t = timeline(
      handoff('triage', 'refunds', 0, { payload: valid }),
      handoff('refunds', 'triage', 0, { autoReturn: true }),
    );
    const options = { contracts: [refunds, back], require: true };

    expect(contractConformance.run(t, none, options)).toEqual([]);
    expect(contractConformance.opportunities(t, none, options)).toEqual({
      'contract.violation': 1,
      'contract.missing': 1,
    });
  });

  it('applies a contract for any sender to every sender, unless one is declared for the sender', () => {
    // Arrange
    const anySender = defineContract({ to: 'refunds', rules: [rules.hop({ cap: 2 })] });
    const t = timeline(
      handoff('billing', 'refunds', 1, { payload: { hop: 3 } }),
      handoff('triage', 'refunds', 2, { payload: valid }),
    );

    // Act
    const findings = contractConformance.run(t, none, {
      contracts: [anySender, refunds],
      require: true,
    });

    // Assert
    expect(findings).toMatchObject([
      { step: 1, observed: { contract: '*→refunds', rule: 'hop.capped' } },
    ]);
  });
});
