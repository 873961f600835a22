import { describe, expect, it } from 'vitest';
import { compileYamlContract } from '../contracts/yaml-contract.ts';
import { canIDeploy } from './can-i-deploy.ts';
import { compatibilityMatrix, type Envelope, type ReceiverVersion } from './matrix.ts';

const sent = (fromVersion: string, payload: unknown): Envelope => ({
  from: 'triage',
  fromVersion,
  to: 'refunds',
  payload,
  at: 0,
  traceId: `t-${fromVersion}`,
});

const refunds = (version: string, currency: string): ReceiverVersion => ({
  receiver: 'refunds',
  version,
  contracts: [
    compileYamlContract({
      from: 'triage',
      to: 'refunds',
      fields: { order_id: 'string', amount: 'number', currency: currency as 'string' },
    }),
  ],
});

const envelopes = [
  sent('3.1.0', { order_id: 'A-1', amount: 5 }),
  sent('3.1.0', { order_id: 'A-2', amount: 7 }),
  sent('3.2.0', { order_id: 'A-3', amount: 9, currency: 'EUR' }),
];
const receivers = [refunds('1.4.0', 'string?'), refunds('2.0.0', 'string')];
const cells = compatibilityMatrix(envelopes, receivers);
const known = new Set(['refunds@1.4.0', 'refunds@2.0.0']);
const live = { triage: '3.1.0', refunds: '1.4.0' };

describe('compatibilityMatrix', () => {
  it('checks every sender version against every receiver version', () => {
    expect(
      cells.map((c) => [c.senderVersion, c.receiverVersion, c.verdict, c.accepted, c.envelopes]),
    ).toEqual([
      ['3.1.0', '1.4.0', 'compatible', 2, 2],
      ['3.2.0', '1.4.0', 'compatible', 1, 1],
      ['3.1.0', '2.0.0', 'incompatible', 0, 2],
      ['3.2.0', '2.0.0', 'compatible', 1, 1],
    ]);
    expect(cells[2]?.problem).toEqual({
      text: 'currency: expected a string, received no field [structure]',
      traceId: 't-3.1.0',
    });
  });

  it('marks an edge the receiver version has no contract for as unverified', () => {
    const bare = compatibilityMatrix(envelopes, [
      { receiver: 'refunds', version: '0.9', contracts: [] },
    ]);
    expect(bare.every((c) => c.verdict === 'no_contract')).toBe(true);
  });
});

describe('canIDeploy', () => {
  it('refuses a receiver that rejects what the live sender sends', () => {
    const v = canIDeploy(cells, known, 'refunds', '2.0.0', live);
    expect(v.deployable).toBe(false);
    expect(v.checks.map((c) => [c.role, c.other, c.otherVersion, c.ok])).toEqual([
      ['receiver', 'triage', '3.1.0', false],
    ]);
  });

  it('lets the same receiver go once the live sender sends what it needs', () => {
    expect(
      canIDeploy(cells, known, 'refunds', '2.0.0', { ...live, triage: '3.2.0' }).deployable,
    ).toBe(true);
  });

  it('lets a sender go when the live receiver accepts everything it recorded', () => {
    const v = canIDeploy(cells, known, 'triage', '3.2.0', live);
    expect(v.deployable).toBe(true);
    expect(v.checks).toHaveLength(1);
  });

  it('never deploys a version nothing is known about', () => {
    const v = canIDeploy(cells, known, 'triage', '4.0.0', live);
    expect(v.deployable).toBe(false);
    expect(v.unknown).toMatch(/nothing is known about triage 4\.0\.0/);
  });

  it('refuses a sender whose live receiver has no contracts to check against', () => {
    const v = canIDeploy(cells, known, 'triage', '3.2.0', { ...live, refunds: '1.3.0' });
    expect(v.deployable).toBe(false);
    expect(v.checks[0]?.reason).toMatch(/refunds 1\.3\.0 \(live\) has no contracts/);
  });
});
