import type { Step } from 'baton-handoffs';
import {
  type CaseInfo,
  type CaseSession,
  defineImplementation,
  emitHandoff,
  emitQuestion,
  withAgentTurn,
} from 'baton-handoffs';
import { ClaimTable } from './claims.ts';
import {
  type Conversation,
  type RefundRequest,
  ratingIn,
  readMessage,
  triageMove,
} from './desk.ts';
import { postRefund } from './payments.ts';
import { createRefundsAgent } from './refunds-agent.ts';
import { type Variant, variantOf } from './variants.ts';

/**
 * The module Baton loads for the refunds example: triage → refunds, with the supervisor for
 * refunds above the limit. `adapter.options.variant` picks the refunds agent (`idempotent` or
 * `naive`); `adapter.options.ratings_url`, when set, makes refunds post customer ratings there.
 * Both handoffs to refunds go through `info.deliver`, so the suite's delivery faults apply.
 */
export default defineImplementation((options) => {
  const variant = variantOf(options.variant);
  const ratingsUrl = ratingsUrlOf(options.ratings_url);
  return { startCase: (info) => session(info, variant, ratingsUrl) };
});

type Owner = 'triage' | 'refunds' | 'supervisor';

function session(info: CaseInfo, variant: Variant, ratingsUrl: string | undefined): CaseSession {
  const send: typeof fetch = (input, init) => fetch(input, init);
  const refunds = createRefundsAgent({
    variant,
    claims: new ClaimTable(),
    refund: (request) => postRefund(send, request, variant.retry, info.signal),
  });
  let owner: Owner = 'triage';
  let conversation: Conversation = { wantsRefund: false };
  let awaitingDecision: RefundRequest | undefined;

  const deliver = async (from: string, envelope: RefundRequest & { decision?: string }) => {
    owner = 'refunds';
    const outcome = await info.deliver({ from, to: 'refunds' }, () =>
      refunds.receive(from, envelope),
    );
    if (outcome === 'escalated') {
      owner = 'supervisor';
      awaitingDecision = { order_id: envelope.order_id, amount: envelope.amount };
    }
  };

  return {
    async handle(step: Step) {
      if (step.kind === 'person' && owner === 'supervisor' && awaitingDecision) {
        const envelope = { ...awaitingDecision, decision: step.decision };
        emitHandoff({
          from: step.who,
          to: 'refunds',
          reason: 'person_decision',
          payload: envelope,
        });
        awaitingDecision = undefined;
        return deliver(step.who, envelope);
      }
      if (step.kind !== 'customer' || owner === 'supervisor') {
        if (owner !== 'supervisor') withAgentTurn(owner, () => undefined);
        return;
      }
      if (owner === 'refunds') return refundsTurn(step.text, conversation, ratingsUrl, info);
      conversation = readMessage(conversation, step.text);
      const move = triageMove(conversation);
      withAgentTurn('triage', () => {
        if (move.kind === 'ask') emitQuestion('triage', 'customer', move.fields);
        if (move.kind !== 'route') return;
        const payload = { ...move.request, goal: 'refund the order', said: step.text };
        emitHandoff({ from: 'triage', to: 'refunds', reason: 'capability_boundary', payload });
      });
      if (move.kind === 'route') await deliver('triage', move.request);
    },
  };
}

/** After the refund the customer may rate the service; refunds posts the rating, best effort. */
function refundsTurn(
  text: string,
  conversation: Conversation,
  ratingsUrl: string | undefined,
  info: CaseInfo,
): Promise<void> | undefined {
  const stars = ratingIn(text);
  return withAgentTurn('refunds', () => {
    if (stars === undefined || ratingsUrl === undefined) return undefined;
    return postRating(ratingsUrl, { order_id: conversation.order_id, stars }, info.signal);
  });
}

async function postRating(url: string, rating: object, signal: AbortSignal): Promise<void> {
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(rating),
      signal: AbortSignal.any([signal, AbortSignal.timeout(2_000)]),
    });
    await answer.text();
  } catch {
    // A rating that cannot be sent is dropped: it must never hold up the customer's refund.
  }
}

function ratingsUrlOf(option: unknown): string | undefined {
  if (option === undefined) return undefined;
  if (typeof option === 'string' && URL.canParse(option)) return option;
  throw new Error(
    `Failed to start the refunds example: adapter.options.ratings_url is ${JSON.stringify(option)}. ` +
      'Set it to an absolute URL, or leave it out to keep ratings in the conversation.',
  );
}
