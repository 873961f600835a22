import * as fc from 'fast-check';
import type { Contract, Envelope, Receiver, ValidationContext } from '../types.ts';
import { callReceiver, describeAnswer, namesAny } from './call-receiver.ts';
import { type BrokenEnvelope, brokenEnvelopes, validEnvelopes } from './envelopes.ts';
import type { PropertyName } from './property-result.ts';
import { PropertyViolation } from './violation.ts';

type AsyncProperty = fc.IAsyncPropertyWithHooks<[unknown]>;

/** The receiver-side properties of one edge, built once; each is checked on its own. */
export function receiverProperties(
  contract: Contract,
  receive: Receiver,
  ctx: ValidationContext,
): Partial<Record<PropertyName, AsyncProperty>> {
  const valid = validEnvelopes(contract, ctx);
  const broken = brokenEnvelopes(contract, ctx, false);
  const coerced = brokenEnvelopes(contract, ctx, true);
  const prop = <T>(arb: fc.Arbitrary<T>, body: (value: T) => Promise<void>) =>
    fc.asyncProperty(arb as fc.Arbitrary<unknown>, (v) => body(v as T)) as AsyncProperty;
  return {
    accepts_valid: prop(valid, async (envelope: Envelope) => {
      const answer = await callReceiver(receive, envelope);
      if (!answer.accepted) {
        throw new PropertyViolation(`${describeAnswer(answer)} although the envelope is valid`, {
          answer,
        });
      }
    }),
    rejects_invalid: prop(broken, async (b: BrokenEnvelope | undefined) => {
      if (!b) return;
      const answer = await callReceiver(receive, b.envelope);
      if (answer.accepted) {
        throw new PropertyViolation(`accepted an envelope that breaks ${b.rule} (${b.mutation})`, {
          mutation: b.mutation,
          rule: b.rule,
          fields: b.fields,
          answer,
        });
      }
    }),
    names_what_broke: prop(broken, async (b: BrokenEnvelope | undefined) => {
      if (!b) return;
      const answer = await callReceiver(receive, b.envelope);
      if (answer.accepted || namesAny(answer, b.fields)) return;
      throw new PropertyViolation(
        `${describeAnswer(answer)}; the broken field was ${b.fields.join(', ')} (${b.mutation})`,
        { mutation: b.mutation, rule: b.rule, fields: b.fields, answer },
      );
    }),
    no_coercion: prop(coerced, async (b: BrokenEnvelope | undefined) => {
      if (!b) return;
      const answer = await callReceiver(receive, b.envelope);
      if (answer.accepted) {
        throw new PropertyViolation(
          `accepted ${b.fields.join(', ')} as text where the contract wants a number: a silent coercion (${b.mutation})`,
          { mutation: b.mutation, fields: b.fields, answer },
        );
      }
    }),
    deterministic: prop(
      fc.oneof(
        valid.map((envelope) => ({ envelope })),
        broken,
      ),
      async (item) => {
        if (!item) return;
        const first = await callReceiver(receive, item.envelope);
        const second = await callReceiver(receive, item.envelope);
        if (sameAnswer(first, second)) return;
        throw new PropertyViolation(
          `answered the same envelope two ways: ${describeAnswer(first)}, then ${describeAnswer(second)}`,
          { first, second },
        );
      },
    ),
  };
}

function sameAnswer(
  a: Awaited<ReturnType<typeof callReceiver>>,
  b: Awaited<ReturnType<typeof callReceiver>>,
): boolean {
  if (a.accepted || b.accepted) return a.accepted === b.accepted;
  return [...a.fields].sort().join() === [...b.fields].sort().join();
}
