import { describe, expect, it } from 'vitest';
import { ChecksConfig } from '../../model/suite.ts';
import { normalize } from '../../normalize/normalize.ts';
import type { SpanRecord } from '../../normalize/span-record.ts';
import { enabledChecks, runChecks } from '../registry.ts';
import { effectLabels } from './effect-fixtures.ts';

const span = (spanId: string, start: number, attributes: SpanRecord['attributes']): SpanRecord => ({
  traceId: 't',
  spanId,
  name: spanId,
  start,
  end: start + 1,
  attributes,
});
const refund = (id: string, at: number) =>
  span(id, at, {
    'baton.event': 'effect',
    'baton.effect.name': 'refund',
    'baton.effect.key': 'A-1',
    'baton.agent.name': 'refunds',
  });

const names = (config: unknown) => enabledChecks(ChecksConfig.parse(config)).map((c) => c.name);

describe('effect and ownership checks in the registry', () => {
  it('are on by default, and `effects: false` / `ownership: false` turn each group off', () => {
    const effects = ['effect-count', 'effect-owner', 'effect-timing', 'unexpected-host'];
    const ownership = ['double-owner', 'lost-work', 'no-way-back'];
    expect(names({})).toEqual(expect.arrayContaining([...effects, ...ownership]));
    expect(names({ effects: false }).filter((n) => effects.includes(n))).toEqual([]);
    expect(names({ ownership: false }).filter((n) => ownership.includes(n))).toEqual([]);
    expect(names({ ownership: {} })).toEqual(expect.arrayContaining(ownership));
  });

  it('turn effect spans into worded findings', () => {
    const timeline = normalize([refund('a', 1), refund('b', 2)]);
    const findings = runChecks(enabledChecks({}), timeline, effectLabels());
    expect(findings.map((f) => [f.code, f.message])).toEqual([
      ['effect.double', 'refund A-1 committed 2 times (by refunds); expected once'],
    ]);
  });
});
