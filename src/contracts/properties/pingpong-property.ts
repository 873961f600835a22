import * as fc from 'fast-check';
import type {
  Contract,
  Envelope,
  NegotiationOutcome,
  NegotiationRequest,
  ReceiveOutcome,
  ValidationContext,
} from '../types.ts';
import { validEnvelopes } from './envelopes.ts';
import { PropertyViolation } from './violation.ts';

type Negotiate = (request: NegotiationRequest) => Promise<NegotiationOutcome>;

/**
 * A sender facing a receiver that rejects every delivery (each time for a different reason)
 * must stop within the hop cap and escalate to a person with every reason attached.
 */
export function pingpongProperty(
  contract: Contract,
  negotiate: Negotiate,
  ctx: ValidationContext,
  hopCap: number,
): fc.IAsyncPropertyWithHooks<[unknown]> {
  return fc.asyncProperty(validEnvelopes(contract, ctx) as fc.Arbitrary<unknown>, async (value) => {
    const reasons: string[] = [];
    const receive = async (envelope: Envelope): Promise<ReceiveOutcome> => {
      if (reasons.length > hopCap) {
        throw new Error(`Baton stopped the loop after ${reasons.length} deliveries`);
      }
      const field =
        Object.keys(envelope)[reasons.length % Math.max(1, Object.keys(envelope).length)] ?? 'goal';
      const reason = `rejection ${reasons.length + 1}: ${field} is not good enough`;
      reasons.push(reason);
      return { accepted: false, reason, fields: [field] };
    };
    const request = { from: ctx.from, to: ctx.to, envelope: value as Envelope, receive, hopCap };
    let outcome: NegotiationOutcome;
    try {
      outcome = await negotiate(request);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new PropertyViolation(
        `the sender kept delivering past the hop cap of ${hopCap} (${message})`,
        { deliveries: reasons.length, hopCap },
      );
    }
    judge(outcome, reasons, hopCap);
  });
}

function judge(outcome: NegotiationOutcome, reasons: readonly string[], hopCap: number): void {
  const detail = { deliveries: reasons.length, hopCap, outcome };
  if (reasons.length > hopCap) {
    throw new PropertyViolation(
      `${reasons.length} deliveries, over the hop cap of ${hopCap}`,
      detail,
    );
  }
  if (outcome.kind !== 'escalated') {
    throw new PropertyViolation(
      `reported the envelope delivered although every delivery was rejected`,
      detail,
    );
  }
  if (outcome.toKind !== 'person') {
    throw new PropertyViolation(
      `escalated to ${outcome.to}, an agent; after the hop cap a person must take over`,
      detail,
    );
  }
  const lost = reasons.filter((r) => !outcome.reasons.includes(r));
  if (lost.length > 0) {
    throw new PropertyViolation(
      `escalated to ${outcome.to} without ${lost.length} of the ${reasons.length} rejection reasons`,
      { ...detail, lost },
    );
  }
}
