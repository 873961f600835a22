import type { Rate } from '../model/report.ts';

/** What each code's denominator counts (its checks' opportunities), singular and plural. */
const UNITS: Readonly<Record<string, readonly [string, string]>> = {
  'handoff.on_time': ['expected handoff', 'expected handoffs'],
  'handoff.missed': ['expected handoff', 'expected handoffs'],
  'handoff.early': ['expected handoff', 'expected handoffs'],
  'handoff.late': ['expected handoff', 'expected handoffs'],
  'handoff.wrong_target': ['expected handoff', 'expected handoffs'],
  'handoff.out_of_order': ['expected handoff', 'expected handoffs'],
  'handoff.unneeded': ['observed handoff', 'observed handoffs'],
  'handoff.bounced': ['observed handoff', 'observed handoffs'],
  'handoff.missing_fact': ['fact to carry', 'facts to carry'],
  'handoff.reask': ['fact given earlier', 'facts given earlier'],
  'contract.violation': ['handoff with a contract', 'handoffs with a contract'],
  'contract.missing': ['observed handoff', 'observed handoffs'],
  'contract.rejected_valid': ['property run', 'property runs'],
  'contract.accepted_invalid': ['property run', 'property runs'],
  'contract.vague_rejection': ['property run', 'property runs'],
  'contract.coerced': ['property run', 'property runs'],
  'contract.nondeterministic': ['property run', 'property runs'],
  'contract.unbounded_pingpong': ['property run', 'property runs'],
  'effect.double': ['effect identity', 'effect identities'],
  'effect.unowned': ['effect with an owner', 'effects with an owner'],
  'effect.missing': ['expected effect', 'expected effects'],
  'effect.before_ack': ['effect by an acknowledging agent', 'effects by an acknowledging agent'],
  'effect.after_release': ['committed effect', 'committed effects'],
  'effect.unexpected_host': ['outbound request', 'outbound requests'],
  'effect.out_of_order': ['labelled commit', 'labelled commits'],
  'ownership.double_owner': ['pair of rival claims', 'pairs of rival claims'],
  'ownership.lost_work': ['piece of work or handoff', 'pieces of work and handoffs'],
  'ownership.no_way_back': ['person decision', 'person decisions'],
  'case.guardrail_not_tripped': [
    'case expecting a guardrail trip',
    'cases expecting a guardrail trip',
  ],
};

/** Codes judged once per case run. */
const PER_RUN = new Set([
  'handoff.hops_exceeded',
  'case.turn_limit',
  'case.guardrail_tripped',
  'case.error',
]);

/** `46 expected handoffs`, `38 cases` (`114 case runs` when repeated), `3 opportunities`. */
export function countOf(code: string, n: number, repeat = 1): string {
  if (PER_RUN.has(code))
    return plural(n, repeat > 1 ? ['case run', 'case runs'] : ['case', 'cases']);
  return plural(n, UNITS[code] ?? ['opportunity', 'opportunities']);
}

function plural(n: number, [one, many]: readonly [string, string]): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A code no check could judge in this run (nothing to count): reports show it as n/a. */
export function judged(rate: Pick<Rate, 'count' | 'of'>): boolean {
  return rate.of > 0 || rate.count > 0;
}
