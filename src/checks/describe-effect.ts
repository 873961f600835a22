import type { FindingData } from '../model/finding.ts';

/** The shapes effect and ownership findings carry in `expected` and `observed`. */
interface EffectShape {
  readonly effect?: string;
  readonly key?: string;
  readonly agent?: string;
  readonly agents?: readonly string[];
  readonly owner?: string;
  readonly times?: number;
  readonly from?: string;
  readonly to?: string;
  readonly method?: string;
  readonly url?: string;
  readonly host?: string;
  readonly work?: string;
  readonly owners?: readonly string[];
  readonly reason?: string;
  readonly person?: string;
  readonly decision?: string;
}

function shape(v: unknown): EffectShape {
  return v !== null && typeof v === 'object' ? (v as EffectShape) : {};
}

function times(n: number | undefined): string {
  return n === 1 ? 'once' : `${n ?? 0} times`;
}

/** One sentence for an effect or ownership finding. */
export function describeEffect(f: FindingData): string {
  const e = shape(f.expected);
  const o = shape(f.observed);
  const what = `${o.effect ?? e.effect} ${o.key ?? e.key}`;
  switch (f.code) {
    case 'effect.double':
      return `${what} committed ${times(o.times)} (by ${(o.agents ?? []).join(', ')}); expected ${times(e.times)}`;
    case 'effect.unowned':
      return `${o.agent ?? 'an unknown agent'} committed ${what}; its owner is ${e.owner}`;
    case 'effect.missing':
      return `${what} committed ${times(o.times)}; expected ${times(e.times)}`;
    case 'effect.before_ack':
      return `${o.agent} committed ${what} before accepting the handoff from ${o.from}`;
    case 'effect.after_release':
      return `${o.agent} committed ${what} after handing the work to ${o.to}`;
    case 'effect.unexpected_host':
      return `${o.agent ?? 'the implementation'} sent ${o.method} ${o.url}: ${o.host} is not an allowed host (refused, never sent)`;
    case 'ownership.double_owner':
      return `${(o.owners ?? []).join(' and ')} held ${o.work} at the same time`;
    case 'ownership.lost_work':
      return `${o.work}: ${o.reason}`;
    case 'ownership.no_way_back':
      return `${o.person} decided ${o.decision} at step ${f.step}, and the work never moved on`;
    default:
      return f.code;
  }
}
