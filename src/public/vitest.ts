/**
 * Baton in your own vitest suites: envelope arbitraries for `@fast-check/vitest` and two
 * matchers. Import it from a setup file or a test (`import 'baton/vitest'` installs the
 * matchers); nothing else happens on import.
 *
 *   test.prop([validEnvelopes(refundContract)])('refunds accepts every valid envelope', ...)
 *   expect(envelope).toSatisfyContract(refundContract)
 *   await expect(receiver).toRejectWith(envelope, { fields: ['order_id'] })
 */
import type * as fc from 'fast-check';
import { expect } from 'vitest';
import { checkEnvelope } from '../contracts/check-envelope.ts';
import { callReceiver, describeAnswer, namesAny } from '../contracts/properties/call-receiver.ts';
import {
  type BrokenEnvelope,
  brokenEnvelopes as broken,
  validEnvelopes as valid,
} from '../contracts/properties/envelopes.ts';
import type { Contract, Envelope, Receiver, ValidationContext } from '../contracts/types.ts';

function contextFor(contract: Contract, ctx?: Partial<ValidationContext>): ValidationContext {
  return { from: contract.from, to: contract.to, now: Date.now(), ...ctx };
}

/** Valid envelopes for a contract's edge (schema-derived, fitted to its rules). */
export function validEnvelopes(
  contract: Contract,
  ctx?: Partial<ValidationContext>,
): fc.Arbitrary<Envelope> {
  return valid(contract, contextFor(contract, ctx));
}

/** Envelopes each broken by one mutation, with the fields a good rejection names. */
export function brokenEnvelopes(
  contract: Contract,
  ctx?: Partial<ValidationContext>,
): fc.Arbitrary<BrokenEnvelope | undefined> {
  return broken(contract, contextFor(contract, ctx), false);
}

type ReceiverLike =
  | Receiver
  | { receive(delivery: { from: string; to: string; envelope: Envelope }): unknown };

function asReceiver(value: ReceiverLike, edge: { from: string; to: string }): Receiver {
  if (typeof value === 'function') return value;
  return async (envelope) =>
    (await value.receive({ ...edge, envelope })) as Awaited<ReturnType<Receiver>>;
}

export interface RejectionExpectation {
  /** The rejection must name at least one of these fields. */
  readonly fields?: readonly string[];
  /** The reason must match. */
  readonly reason?: string | RegExp;
  /** The edge, for receivers given as an implementation object. */
  readonly from?: string;
  readonly to?: string;
}

/** The matchers, for `expect.extend` in setups that prefer to install them by hand. */
export const batonMatchers = {
  toSatisfyContract(received: unknown, contract: Contract, ctx?: Partial<ValidationContext>) {
    const issues = checkEnvelope(contract, received, contextFor(contract, ctx));
    const lines = issues.map(
      (i) =>
        `  ${i.path.join('.') || '(envelope)'}: expected ${i.expected}, received ${i.received} [${i.rule}]`,
    );
    return {
      pass: issues.length === 0,
      message: () =>
        issues.length === 0
          ? `expected the envelope to break ${contract.name}, but it satisfies it`
          : `expected the envelope to satisfy ${contract.name}:\n${lines.join('\n')}`,
    };
  },
  async toRejectWith(
    received: ReceiverLike,
    envelope: Envelope,
    expected: RejectionExpectation = {},
  ) {
    const edge = { from: expected.from ?? 'sender', to: expected.to ?? 'receiver' };
    const answer = await callReceiver(asReceiver(received, edge), envelope);
    const named = expected.fields === undefined || namesAny(answer, expected.fields);
    const reasonOk =
      expected.reason === undefined ||
      (!answer.accepted &&
        (typeof expected.reason === 'string'
          ? answer.reason.includes(expected.reason)
          : expected.reason.test(answer.reason)));
    const structured = !answer.accepted && answer.threw === undefined;
    return {
      pass: structured && named && reasonOk,
      message: () => {
        const want = [
          expected.fields && `naming ${expected.fields.join(' or ')}`,
          expected.reason && `with a reason matching ${String(expected.reason)}`,
        ]
          .filter(Boolean)
          .join(' ');
        return `expected the receiver to reject the envelope${want ? ` ${want}` : ''}, but it ${describeAnswer(answer)}`;
      },
    };
  },
};

expect.extend(batonMatchers);

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: the declaration merges with vitest's, which uses any.
  interface Matchers<T = any> {
    toSatisfyContract(contract: Contract, ctx?: Partial<ValidationContext>): void;
    toRejectWith(envelope: Envelope, expected?: RejectionExpectation): Promise<void>;
  }
}
