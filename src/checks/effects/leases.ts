import type { ClaimEvent, ReleaseEvent, Timeline } from '../../model/timeline.ts';

/** A granted claim and how long it held: until its release by the claimant or its expiry. */
export interface Lease {
  readonly claim: ClaimEvent;
  /** Infinity: neither released nor expiring. */
  readonly end: number;
  readonly release?: ReleaseEvent;
}

/**
 * The leases of a timeline, in claim order. A lease ends at the first release of the same work by
 * the same agent after the claim, or at the claim's `expiresAt`, whichever comes first.
 */
export function leasesOf(timeline: Timeline): Lease[] {
  const events = timeline.events;
  const leases: Lease[] = [];
  events.forEach((e, i) => {
    if (e.kind !== 'claim' || !e.granted) return;
    let release: ReleaseEvent | undefined;
    for (const r of events.slice(i + 1)) {
      if (r.kind === 'release' && r.work === e.work && r.agent === e.agent) {
        release = r;
        break;
      }
    }
    const end = Math.min(
      release?.at ?? Number.POSITIVE_INFINITY,
      e.expiresAt ?? Number.POSITIVE_INFINITY,
    );
    leases.push({ claim: e, end, ...(release && end === release.at && { release }) });
  });
  return leases;
}

/** Two leases overlap when each starts before the other ends (touching ends do not overlap). */
export function overlaps(a: Lease, b: Lease): boolean {
  return a.claim.at < b.end && b.claim.at < a.end;
}
