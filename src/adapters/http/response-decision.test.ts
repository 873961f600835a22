import { describe, expect, it } from 'vitest';
import { readPath, splitStar } from './json-path.ts';
import { handoffsIn, type ResponseDecision } from './response-decision.ts';

const PERSONS = ['supervisor'];

describe('readPath', () => {
  const body = { route: { to: 'refunds', tags: ['a', 'b'] }, n: 0 };

  it('reads dotted keys and array indices, with or without a leading $.', () => {
    expect(readPath(body, 'route.to')).toBe('refunds');
    expect(readPath(body, '$.route.tags.1')).toBe('b');
    expect(readPath(body, 'n')).toBe(0);
    expect(readPath(body, '$')).toBe(body);
  });

  it('is undefined for a missing segment or a path through a primitive', () => {
    expect(readPath(body, 'route.from')).toBeUndefined();
    expect(readPath(body, 'route.to.length')).toBeUndefined();
    expect(readPath(null, 'a')).toBeUndefined();
  });

  it('splits a path at its * segment', () => {
    expect(splitStar('handoffs.*.to')).toEqual({ list: 'handoffs', item: 'to' });
    expect(splitStar('route.to')).toBeUndefined();
  });
});

describe('handoffsIn', () => {
  it('reads one handoff; the sender defaults to the owner, a person target is marked', () => {
    const decision: ResponseDecision = {
      from: 'response',
      handoff_to: 'route.to',
      reason: 'route.why',
      payload: 'route.envelope',
    };
    const body = { route: { to: 'supervisor', why: 'policy_gate', envelope: { order_id: 'A-1' } } };

    expect(handoffsIn(body, decision, 'refunds', PERSONS)).toEqual([
      {
        from: 'refunds',
        to: 'supervisor',
        reason: 'policy_gate',
        payload: { order_id: 'A-1' },
        targetKind: 'person',
      },
    ]);
  });

  it('reads no handoff when the target is missing, null or empty', () => {
    const decision: ResponseDecision = { from: 'response', handoff_to: 'route.to' };

    for (const body of [{}, { route: null }, { route: { to: null } }, { route: { to: '' } }]) {
      expect(handoffsIn(body, decision, 'triage', PERSONS)).toEqual([]);
    }
  });

  it('reads every element of a * list in order, each sender the previous receiver', () => {
    const decision: ResponseDecision = {
      from: 'response',
      handoff_to: 'handoffs.*.to',
      reason: 'handoffs.*.reason',
      agent: 'handoffs.*.from',
      payload: 'shared',
    };
    const body = {
      shared: 'case A-1001',
      handoffs: [
        { to: 'refunds', reason: 'capability_boundary' },
        { to: 'supervisor', reason: 'policy_gate' },
        { from: 'refunds', to: 'billing' },
        { note: 'not a handoff' },
      ],
    };

    expect(handoffsIn(body, decision, 'triage', PERSONS)).toEqual([
      { from: 'triage', to: 'refunds', reason: 'capability_boundary', payload: 'case A-1001' },
      {
        from: 'refunds',
        to: 'supervisor',
        reason: 'policy_gate',
        payload: 'case A-1001',
        targetKind: 'person',
      },
      { from: 'refunds', to: 'billing', payload: 'case A-1001' },
    ]);
  });

  it('reads nothing when a * list is not an array', () => {
    const decision: ResponseDecision = { from: 'response', handoff_to: 'handoffs.*.to' };

    expect(handoffsIn({ handoffs: { to: 'x' } }, decision, 'triage', PERSONS)).toEqual([]);
  });
});
