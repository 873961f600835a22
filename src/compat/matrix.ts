import { checkEnvelope, formatIssuePath } from '../contracts/check-envelope.ts';
import { contractFor } from '../contracts/contract-for.ts';
import type { Contract } from '../contracts/types.ts';

/** One recorded handoff envelope, with the version of the service that sent it. */
export interface Envelope {
  readonly from: string;
  readonly fromVersion: string;
  readonly to: string;
  readonly payload: unknown;
  /** When it was sent (ms since the epoch): the clock of freshness rules. */
  readonly at: number;
  readonly traceId: string;
}

/** The contracts one version of a receiver enforces. */
export interface ReceiverVersion {
  readonly receiver: string;
  readonly version: string;
  readonly contracts: readonly Contract[];
}

/** Whether one receiver version accepts what one sender version sent it. */
export interface Cell {
  readonly sender: string;
  readonly senderVersion: string;
  readonly receiver: string;
  readonly receiverVersion: string;
  readonly envelopes: number;
  readonly accepted: number;
  /** `no_contract`: this receiver version has no contract for the edge, so nothing is verified. */
  readonly verdict: 'compatible' | 'incompatible' | 'no_contract';
  /** The first problem of the first rejected envelope, and its trace. */
  readonly problem?: { readonly text: string; readonly traceId: string };
}

/** Every (sender version × receiver version) cell for which envelopes were recorded. Pure. */
export function compatibilityMatrix(
  envelopes: readonly Envelope[],
  receivers: readonly ReceiverVersion[],
): Cell[] {
  const groups = new Map<string, Envelope[]>();
  for (const e of envelopes) {
    const key = JSON.stringify([e.to, e.from, e.fromVersion]);
    const group = groups.get(key);
    if (group) group.push(e);
    else groups.set(key, [e]);
  }
  const cells: Cell[] = [];
  for (const r of receivers) {
    for (const [key, sent] of groups) {
      const [to, from, fromVersion] = JSON.parse(key) as [string, string, string];
      if (to !== r.receiver) continue;
      cells.push(cell(from, fromVersion, r, sent));
    }
  }
  return cells;
}

function cell(from: string, fromVersion: string, r: ReceiverVersion, sent: Envelope[]): Cell {
  const base = {
    sender: from,
    senderVersion: fromVersion,
    receiver: r.receiver,
    receiverVersion: r.version,
    envelopes: sent.length,
  };
  const contract = contractFor(r.contracts, from, r.receiver);
  if (!contract) return { ...base, accepted: 0, verdict: 'no_contract' };
  let accepted = 0;
  let problem: Cell['problem'];
  for (const e of sent) {
    const issues = checkEnvelope(contract, e.payload, { from, to: r.receiver, now: e.at });
    const first = issues[0];
    if (!first) {
      accepted++;
      continue;
    }
    const where = first.path.length > 0 ? `${formatIssuePath(first.path)}: ` : '';
    problem ??= {
      text: `${where}expected ${first.expected}, received ${first.received} [${first.rule}]`,
      traceId: e.traceId,
    };
  }
  return {
    ...base,
    accepted,
    verdict: accepted === sent.length ? 'compatible' : 'incompatible',
    ...(problem && { problem }),
  };
}
