import type * as fc from 'fast-check';
import type { z } from 'zod';

/** An envelope as it travels: a JSON object. */
export type Envelope = Record<string, unknown>;

/** What a context-dependent rule needs to judge an envelope. */
export interface ValidationContext {
  /** The sender and receiver of this handoff. */
  readonly from: string;
  readonly to: string;
  /** When the envelope was sent (ms since the epoch): the clock for freshness rules. */
  readonly now: number;
}

/**
 * One way an envelope breaks its contract, as typed data. `rule` is the stable code of the broken
 * rule (`goal.capped`, …) or `structure` for a schema mismatch.
 */
export interface ContractIssue {
  readonly rule: string;
  /** Path into the envelope, zod style: ['findings', 2, 'at']. */
  readonly path: readonly (string | number)[];
  readonly expected: string;
  readonly received: string;
}

/**
 * A deliberate break of a valid envelope, used to attack receivers. Each mutation breaks one
 * thing; `fields` are the envelope fields a good rejection names.
 */
export interface Mutation {
  /** Stable name, e.g. `goal.over_cap` or `structure.drop_required`. */
  readonly name: string;
  /** The rule code it breaks, or `structure`. */
  readonly rule: string;
  /** True when accepting the result is a silent coercion (`"25"` for 25), not just laxness. */
  readonly coercion?: boolean;
  /** Whether it applies to this envelope (e.g. there is a number field to stringify). */
  applies(valid: Envelope, ctx: ValidationContext): boolean;
  /** Arbitrary broken envelopes made from `valid`, with the fields a rejection should name. */
  apply(
    valid: Envelope,
    ctx: ValidationContext,
  ): fc.Arbitrary<{ envelope: Envelope; fields: readonly string[] }>;
}

/**
 * A rule from the library (goal capped, acceptance criteria, artifacts by reference, …): the
 * fields it adds to an envelope, the checks zod alone cannot express, and the ways to break it.
 */
export interface Rule {
  /** Stable code, e.g. `goal.capped`. */
  readonly code: string;
  readonly description: string;
  /** Envelope fields this rule owns, merged into the contract's object schema. */
  readonly fields: Readonly<Record<string, z.ZodType>>;
  /** Checks that need context (the edge, the clock) or span fields. */
  check?(envelope: Envelope, ctx: ValidationContext): ContractIssue[];
  /** Adjusts a generated envelope so it meets the context part of the rule (fresh timestamps…). */
  satisfy?(envelope: Envelope, ctx: ValidationContext): Envelope;
  readonly mutations: readonly Mutation[];
}

/** A handoff edge's contract: one zod schema for the envelope plus the rules it was built from. */
export interface Contract {
  readonly name: string;
  /** The sender, or `*` for any sender. */
  readonly from: string;
  readonly to: string;
  /** The whole envelope: user fields and rule fields, strict (unknown fields are refused). */
  readonly schema: z.ZodType<Envelope>;
  readonly rules: readonly Rule[];
}

/** What a receiver answers to a delivered envelope. */
export type ReceiveOutcome =
  | { readonly accepted: true }
  | {
      readonly accepted: false;
      readonly reason: string;
      /** The fields that were missing or wrong; a vague rejection names none. */
      readonly fields: readonly string[];
    };

/** A receiver as property tests reach it (through the adapter). */
export type Receiver = (envelope: Envelope) => Promise<ReceiveOutcome>;

/** A handoff edge: who sends, who receives. */
export interface Edge {
  readonly from: string;
  readonly to: string;
}

/**
 * How a sender's send–reject–revise loop ended against a receiver that never accepts: delivered
 * (it should not be), or escalated to someone (a person, with every rejection reason attached).
 */
export type NegotiationOutcome =
  | { readonly kind: 'delivered' }
  | {
      readonly kind: 'escalated';
      readonly to: string;
      readonly toKind: 'person' | 'agent';
      /** The rejection reasons handed to whoever takes over. */
      readonly reasons: readonly string[];
    };

/** Asks an implementation's sender to deliver `envelope` on `edge` through `receive`. */
export interface NegotiationRequest extends Edge {
  readonly envelope: Envelope;
  readonly receive: Receiver;
  /** The most deliveries the sender may attempt before it must escalate. */
  readonly hopCap: number;
}
