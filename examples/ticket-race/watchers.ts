import { claimWork, withAgentTurn } from 'baton-handoffs';
import type { LeaseTable } from './leases.ts';

/** How an agent treats the lease table: `checks` claims and backs off; `records` only writes. */
export type LeaseHabit = 'checks' | 'records';

/** An agent that watches the shared ticket queue and answers what it thinks is its own. */
export interface Watcher {
  readonly agent: 'billing' | 'refunds';
  readonly habit: LeaseHabit;
}

/** The three helpdesks `adapter.options.variant` picks from. The order is the fan-out order. */
export const VARIANTS: Readonly<Record<string, readonly Watcher[]>> = {
  lease: [
    { agent: 'billing', habit: 'checks' },
    { agent: 'refunds', habit: 'checks' },
  ],
  'no-lease': [
    { agent: 'billing', habit: 'records' },
    { agent: 'refunds', habit: 'records' },
  ],
  mixed: [
    { agent: 'billing', habit: 'checks' },
    { agent: 'refunds', habit: 'records' },
  ],
};

/** How long a claim on a ticket holds: longer than any case, so a winner keeps its ticket. */
export const LEASE_MS = 30_000;

/** One customer message on a ticket: `[T-5521] …`; its id is the ticket and the step. */
export interface TicketMessage {
  readonly ticket: string;
  readonly messageId: string;
}

export function messageOf(text: string, index: number): TicketMessage | undefined {
  const ticket = /\[(T-\d+)\]/.exec(text)?.[1];
  return ticket === undefined ? undefined : { ticket, messageId: `${ticket}/${index}` };
}

const REPLIES = {
  billing: 'We can see the second charge and will reverse it within two working days.',
  refunds: 'We have refunded the duplicate charge; it shows on your statement in 3–5 days.',
} as const;

/**
 * One watcher's go at a message, in its own agent turn: take the ticket's lease (or just note
 * its name, by habit), then reply to the customer through the helpdesk API.
 */
export function take(
  w: Watcher,
  m: TicketMessage,
  leases: LeaseTable,
  signal: AbortSignal,
): Promise<'replied' | 'backed_off' | 'reply_failed'> {
  return withAgentTurn(w.agent, async () => {
    const work = `ticket-${m.ticket}`;
    if (w.habit === 'checks') {
      const granted = leases.claim(work, w.agent, LEASE_MS);
      claimWork({ work, agent: w.agent, leaseMs: LEASE_MS, granted });
      if (!granted) return 'backed_off';
    } else {
      leases.record(work, w.agent, LEASE_MS);
      claimWork({ work, agent: w.agent, leaseMs: LEASE_MS });
    }
    return (await reply(w.agent, m, signal)) ? 'replied' : 'reply_failed';
  });
}

async function reply(agent: Watcher['agent'], m: TicketMessage, signal: AbortSignal) {
  const answer = await fetch(`https://helpdesk.test/tickets/${m.ticket}/replies`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ticket_id: m.ticket,
      in_reply_to: m.messageId,
      from: agent,
      text: REPLIES[agent],
    }),
    signal: AbortSignal.any([signal, AbortSignal.timeout(2_000)]),
  });
  await answer.text();
  return answer.ok;
}
