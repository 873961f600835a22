import type { Cell } from './matrix.ts';

/** One thing that must hold for the deploy: a pair of the new version with a live one. */
export interface DeployCheck {
  /** The new version receives from the live sender, or sends to the live receiver. */
  readonly role: 'receiver' | 'sender';
  readonly other: string;
  readonly otherVersion: string;
  readonly ok: boolean;
  readonly cell?: Cell;
  readonly reason: string;
}

/** Whether `name@version` can be deployed against what is live, and why. */
export interface DeployVerdict {
  readonly name: string;
  readonly version: string;
  readonly live: Readonly<Record<string, string>>;
  readonly deployable: boolean;
  readonly checks: readonly DeployCheck[];
  /** Set when nothing at all is known about this version. */
  readonly unknown?: string;
}

const describe = (c: Cell): string =>
  c.verdict === 'no_contract'
    ? `${c.receiver} ${c.receiverVersion} has no contract for ${c.sender} → ${c.receiver}: nothing verified`
    : `${c.receiver} ${c.receiverVersion} accepts ${c.accepted} of ${c.envelopes} envelopes ${c.sender} ${c.senderVersion} sent${c.problem ? ` (${c.problem.text}, trace ${c.problem.traceId})` : ''}`;

/**
 * Pact's can-i-deploy for handoff envelopes: the new version, as a receiver, must accept every
 * envelope each live sender recorded to it; as a sender, every envelope it recorded must be
 * accepted by each live receiver's contract. A version nothing is known about cannot be deployed.
 * Pure.
 */
export function canIDeploy(
  cells: readonly Cell[],
  receiverVersions: ReadonlySet<string>,
  name: string,
  version: string,
  live: Readonly<Record<string, string>>,
): DeployVerdict {
  const checks: DeployCheck[] = [];
  const asReceiver = receiverVersions.has(`${name}@${version}`);
  if (asReceiver) {
    for (const c of cells) {
      if (c.receiver !== name || c.receiverVersion !== version) continue;
      if (c.sender === name || live[c.sender] !== c.senderVersion) continue;
      checks.push(check('receiver', c.sender, c.senderVersion, c));
    }
  }
  const sent = cells.filter((c) => c.sender === name && c.senderVersion === version);
  for (const receiver of new Set(sent.map((c) => c.receiver))) {
    const liveVersion = live[receiver];
    if (liveVersion === undefined || receiver === name) continue;
    const c = sent.find((x) => x.receiver === receiver && x.receiverVersion === liveVersion);
    checks.push(
      c
        ? check('sender', receiver, liveVersion, c)
        : {
            role: 'sender',
            other: receiver,
            otherVersion: liveVersion,
            ok: false,
            reason: `${receiver} ${liveVersion} (live) has no contracts in the matrix: nothing verified`,
          },
    );
  }
  const known = asReceiver || sent.length > 0;
  return {
    name,
    version,
    live,
    deployable: known && checks.every((c) => c.ok),
    checks,
    ...(!known && {
      unknown: `nothing is known about ${name} ${version}: no recorded envelopes from it, and no contracts for it as a receiver`,
    }),
  };
}

function check(
  role: DeployCheck['role'],
  other: string,
  otherVersion: string,
  c: Cell,
): DeployCheck {
  return {
    role,
    other,
    otherVersion,
    ok: c.verdict === 'compatible',
    cell: c,
    reason: describe(c),
  };
}
