import * as fc from 'fast-check';
import { z } from 'zod';
import { defineContract } from '../define-contract.ts';
import type { Contract, Envelope, ValidationContext } from '../types.ts';
import { rules } from './index.ts';

/**
 * Test helpers: contracts that use every rule (with default and with tight options) and small
 * arbitraries of envelopes that are valid once each rule's `satisfy` has run. Not public API.
 */
export interface Shape {
  readonly name: string;
  readonly contract: Contract;
  /** Valid envelopes, before the rules' `satisfy` fits them to the context. */
  readonly envelopes: fc.Arbitrary<Envelope>;
}

const text = fc.string({ minLength: 1, maxLength: 30 });
const absolutePath = fc
  .array(fc.stringMatching(/^[a-z0-9_.-]{1,10}$/), { minLength: 1, maxLength: 4 })
  .map((parts) => `/${parts.join('/')}`);
// Any timestamp from 2000 to 2100: mostly stale, so `satisfy` has work to do.
const anyTime = fc
  .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })
  .map((ms) => new Date(ms).toISOString());

/** Handoff contexts from 2001 to 2099, with sub-millisecond clocks like real spans have. */
export const contexts: fc.Arbitrary<ValidationContext> = fc
  .tuple(
    fc.constantFrom('planner', 'triage'),
    fc.constantFrom('coder', 'reviewer'),
    fc.integer({ min: Date.UTC(2001, 0, 1), max: Date.UTC(2099, 0, 1) }),
    fc.integer({ min: 0, max: 999 }),
  )
  .map(([from, to, ms, us]) => ({ from, to, now: ms + us / 1000 }));

export const CTX: ValidationContext = {
  from: 'planner',
  to: 'coder',
  now: Date.UTC(2025, 5, 1, 12),
};

/** Runs every rule's `satisfy`, in contract order. */
export function satisfyAll(
  contract: Contract,
  envelope: Envelope,
  ctx: ValidationContext,
): Envelope {
  return contract.rules.reduce((env, rule) => rule.satisfy?.(env, ctx) ?? env, envelope);
}

interface Options {
  readonly goalMax: number;
  readonly acceptanceMin: number;
  readonly recordId: fc.Arbitrary<string>;
  readonly environmentField: string;
  readonly addresseeField: string;
  readonly hopCap: number;
}

function envelopesFor(o: Options): fc.Arbitrary<Envelope> {
  return fc
    .record({
      order_id: fc.stringMatching(/^A-\d{4}$/),
      goal: fc.string({ minLength: 1, maxLength: Math.min(o.goalMax, 120) }),
      acceptance: fc.array(text, { minLength: o.acceptanceMin, maxLength: o.acceptanceMin + 2 }),
      out_of_scope: fc.array(text, { maxLength: 3 }),
      artifacts: fc.array(fc.oneof(absolutePath, o.recordId), { maxLength: 4 }),
      findings: fc.array(fc.record({ claim: text, at: anyTime }), { maxLength: 12 }),
      [o.environmentField]: fc.stringMatching(/^sbx_[a-z0-9]{4,12}$/),
      decisions: fc.array(text, { maxLength: 3 }),
      rejected: fc.array(text, { maxLength: 3 }),
      effects: fc.array(fc.record({ effect: text, key: text, owner: text }), { maxLength: 3 }),
      hop: fc.integer({ min: 0, max: o.hopCap - 1 }),
      [o.addresseeField]: fc.constantFrom('coder', 'billing'),
      narrowed: fc.boolean(),
    })
    .map(({ narrowed, ...env }) => (narrowed ? { ...env, goal_narrowed: true } : env));
}

/** Every rule with its defaults, plus one user field. */
export const DEFAULTS: Shape = {
  name: 'default options',
  contract: defineContract({
    from: 'planner',
    to: 'coder',
    fields: { order_id: z.string() },
    rules: [
      rules.goal(),
      rules.acceptance(),
      rules.outOfScope(),
      rules.originalGoal(),
      rules.artifactsByReference(),
      rules.freshFindings(),
      rules.cappedFindings(),
      rules.environment(),
      rules.decisions(),
      rules.effectOwners(),
      rules.hop(),
      rules.addressee(),
    ],
  }),
  envelopes: envelopesFor({
    goalMax: 800,
    acceptanceMin: 1,
    recordId: fc
      .tuple(
        fc.constantFrom('order', 'ticket', 'case_file'),
        fc.stringMatching(/^[A-Za-z0-9-]{1,8}$/),
      )
      .map(([kind, id]) => `${kind}:${id}`),
    environmentField: 'environment',
    addresseeField: 'to',
    hopCap: 4,
  }),
};

/** Every rule with tight or renamed options. */
export const TIGHT: Shape = {
  name: 'tight options',
  contract: defineContract({
    to: 'coder',
    fields: { order_id: z.string() },
    rules: [
      rules.goal({ max: 60 }),
      rules.acceptance({ min: 2 }),
      rules.outOfScope(),
      rules.originalGoal(),
      rules.artifactsByReference({ maxInline: 64, idPattern: /^[A-Z]{2,4}-\d+$/ }),
      rules.freshFindings({ maxAgeMs: 3_600_000, skewMs: 0 }),
      rules.cappedFindings({ max: 2 }),
      rules.environment({ field: 'sandbox_id' }),
      rules.decisions(),
      rules.effectOwners(),
      rules.hop({ cap: 2 }),
      rules.addressee({ field: 'recipient' }),
    ],
  }),
  envelopes: envelopesFor({
    goalMax: 60,
    acceptanceMin: 2,
    recordId: fc.stringMatching(/^[A-Z]{2,4}-\d{1,5}$/),
    environmentField: 'sandbox_id',
    addresseeField: 'recipient',
    hopCap: 2,
  }),
};
