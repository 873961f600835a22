import type { ModelCall, ScriptedReply } from 'baton-handoffs/langgraph';
import type { Booking } from './apis.ts';
import {
  type Conversation,
  callsSinceHuman,
  hasSaid,
  lastResult,
  lastTransferTo,
  read,
} from './conversation.ts';

/**
 * How the desk's prompts behave, per release: the offline stand-in for the model reads the
 * conversation and answers as the prompt of that release made the real model answer.
 */
export interface PromptBehaviour {
  /** Concierge asks for the travel date before handing a cancellation over. */
  readonly asksTravelDateFirst: boolean;
  /** Where concierge sends cancellations. */
  readonly cancellationsTo: 'changes' | 'billing';
  /** Concierge puts the booking and the amount into the transfer. */
  readonly transfersFacts: boolean;
  /** Concierge sends anything vague to changes at once instead of asking. */
  readonly guessesVagueRequests: boolean;
  /** Changes asks for the booking reference of a cancellation it was handed. */
  readonly changesAsksReference: boolean;
  /** Changes hands a refund above its limit back to concierge before escalating. */
  readonly changesBouncesAboveLimit: boolean;
}

export const APPROVAL_LIMIT_EUR = 500;

type Reply = ScriptedReply;
const say = (text: string): Reply => text;
const callTool = (name: string, args: Record<string, unknown>): Reply => ({
  toolCalls: [{ name, args }],
});

export function concierge(p: PromptBehaviour) {
  return ({ messages }: ModelCall): Reply => {
    const c = read(messages);
    const back = lastTransferTo(c, 'concierge');
    if (back?.from === 'changes' && c.messages.at(-1)?.name === 'transfer_to_concierge') {
      return callTool('transfer_to_changes', {
        reason: 'hand_back',
        summary: 'Above the approval limit: escalate it to the duty manager.',
        ...facts(c, p),
      });
    }
    switch (c.intent) {
      case 'vague':
        return p.guessesVagueRequests
          ? callTool('transfer_to_changes', { reason: 'capability_boundary', summary: c.latest })
          : say('Happy to help! What exactly do you need?');
      case 'invoice':
        return c.invoiceId === undefined
          ? say('Which invoice do you need a copy of?')
          : callTool('transfer_to_billing', {
              reason: 'capability_boundary',
              summary: 'Wants a copy of an invoice.',
              invoice_id: c.invoiceId,
            });
      case 'status':
        return status(c);
      default:
        return change(c, p);
    }
  };
}

function status(c: Conversation): Reply {
  if (c.bookingRef === undefined) return say('Could you give me your booking reference?');
  const booking = lastResult<Booking>(c, 'get_booking');
  if (c.toolResult?.tool !== 'get_booking' || booking === undefined)
    return callTool('get_booking', { booking_ref: c.bookingRef });
  return say(`Your trip to ${booking.destination} leaves on ${booking.departs}.`);
}

function change(c: Conversation, p: PromptBehaviour): Reply {
  if (c.bookingRef === undefined) return say('Could you give me your booking reference?');
  if (c.intent === 'cancel' && p.asksTravelDateFirst && !hasSaid(c, 'concierge', /travel date/))
    return say('Thanks. And what was the travel date?');
  const to = c.intent === 'cancel' ? p.cancellationsTo : 'changes';
  return callTool(`transfer_to_${to}`, {
    reason: 'capability_boundary',
    summary: c.intent === 'cancel' ? 'Wants to cancel a trip.' : 'Wants a refund.',
    ...facts(c, p),
  });
}

function facts(c: Conversation, p: PromptBehaviour): Record<string, unknown> {
  if (!p.transfersFacts) return {};
  return {
    ...(c.bookingRef !== undefined && { booking_ref: c.bookingRef }),
    ...(c.amountEur !== undefined && { amount_eur: c.amountEur }),
  };
}

export function changes(p: PromptBehaviour) {
  return ({ messages }: ModelCall): Reply => {
    const c = read(messages);
    const result = c.toolResult;
    if (result?.tool === 'refund_booking') {
      if (!result.ok && callsSinceHuman(c, 'refund_booking') < 3)
        return callTool('refund_booking', lastRefundArgs(c));
      return result.ok
        ? say(`I've refunded your booking ${c.bookingRef}; expect the money in 5 to 7 days.`)
        : say('The payments service is not answering; I have logged your refund for tomorrow.');
    }
    if (result?.tool === 'cancel_booking')
      return say(`Booking ${c.bookingRef} is cancelled; a confirmation is on its way.`);
    const decision = lastTransferTo(c, 'changes');
    if (decision?.from === 'duty_manager' && callsSinceHuman(c, 'refund_booking') === 0) {
      if (decision.args.decision !== 'approve')
        return say('The duty manager could not approve this refund, sorry.');
      const booking = lastResult<Booking>(c, 'get_booking');
      return callTool('refund_booking', {
        booking_ref: c.bookingRef,
        amount_eur: booking?.paid_eur ?? c.amountEur,
      });
    }
    if (c.intent === 'vague') return say('Which booking would you like to change?');
    if (c.intent === 'invoice')
      return say('I can only change bookings; for invoices please use the billing page.');
    if (
      p.changesAsksReference &&
      c.intent === 'cancel' &&
      !hasSaid(c, 'changes', /booking reference/)
    )
      return say('Could you tell me your booking reference?');
    const booking = lastResult<Booking>(c, 'get_booking');
    if (booking === undefined || booking.ref !== c.bookingRef)
      return callTool('get_booking', { booking_ref: c.bookingRef });
    return c.intent === 'cancel' ? cancel(c, booking) : refund(c, booking, p);
  };
}

function cancel(c: Conversation, booking: Booking): Reply {
  if (/go ahead|yes/i.test(c.latest))
    return callTool('cancel_booking', { booking_ref: booking.ref, reason: 'customer request' });
  return say(
    `Booking ${booking.ref} to ${booking.destination} on ${booking.departs} can be cancelled free of charge. Shall I cancel it?`,
  );
}

function refund(c: Conversation, booking: Booking, p: PromptBehaviour): Reply {
  if (booking.paid_eur <= APPROVAL_LIMIT_EUR)
    return callTool('refund_booking', { booking_ref: booking.ref, amount_eur: booking.paid_eur });
  if (p.changesBouncesAboveLimit && lastTransferTo(c, 'concierge') === undefined)
    return callTool('transfer_to_concierge', {
      reason: 'hand_back',
      summary: 'Refund above my limit.',
      booking_ref: booking.ref,
    });
  if (lastTransferTo(c, 'duty_manager') !== undefined)
    return say('Your refund is waiting for the duty manager; I will let you know.');
  return callTool('transfer_to_duty_manager', {
    reason: 'policy_gate',
    summary: `Refund of ${booking.paid_eur} euro is above the ${APPROVAL_LIMIT_EUR} euro limit.`,
    booking_ref: booking.ref,
    amount_eur: booking.paid_eur,
  });
}

function lastRefundArgs(c: Conversation): Record<string, unknown> {
  const booking = lastResult<Booking>(c, 'get_booking');
  return { booking_ref: c.bookingRef, amount_eur: booking?.paid_eur ?? c.amountEur };
}

export function billing() {
  return ({ messages }: ModelCall): Reply => {
    const c = read(messages);
    if (c.toolResult?.tool === 'resend_invoice')
      return say(`I've emailed a copy of invoice ${c.invoiceId} to the address on your account.`);
    if (c.intent === 'invoice' && c.invoiceId !== undefined)
      return callTool('resend_invoice', { invoice_id: c.invoiceId });
    return say(
      'I look after invoices; I have noted your request and a colleague will be in touch.',
    );
  };
}
