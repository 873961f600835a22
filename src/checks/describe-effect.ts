import prettyMs from 'pretty-ms';
import type { FindingData } from '../model/finding.ts';

/** The shapes effect and ownership findings carry in `expected` and `observed`. */
interface EffectShape {
  readonly effect?: string;
  readonly key?: string;
  readonly agent?: string;
  readonly agents?: readonly string[];
  /** Keys of the same effect committed that no label names (beside a missing one). */
  readonly unlabelledKeys?: readonly string[];
  readonly owner?: string;
  readonly times?: number;
  /** How many of the commits counted had no recorded outcome (a double's). */
  readonly unsure?: number;
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
  readonly waitedMs?: number;
  readonly maxWaitMs?: number;
  readonly step?: number;
  readonly window?: readonly [number, number];
  /** Prerequisites an out-of-order commit came before: at the step they came, or never. */
  readonly before?: readonly { readonly what: string; readonly step?: number }[];
}

/** A wait as people read it: `30ms`, `1.5s`, `30m 31.8s`. */
function duration(ms: number | undefined): string {
  return ms === undefined || !Number.isFinite(ms) ? 'an unknown time' : prettyMs(Math.max(0, ms));
}

function shape(v: unknown): EffectShape {
  return v !== null && typeof v === 'object' ? (v as EffectShape) : {};
}

function windowText(w: readonly [number, number] | undefined): string {
  if (!w) return 'its window';
  return w[0] === w[1] ? `step ${w[0]}` : `steps ${w[0]}–${w[1]}`;
}

/** What a count of commits of unknown outcome adds to a double or a forbidden effect: they may not all have happened. */
function unsureText(unsure: number | undefined, of: number | undefined): string {
  if (!unsure || of === undefined) return '';
  const which =
    unsure < of ? `${unsure} of them ` : of === 1 ? '' : of === 2 ? 'both ' : `all ${of} `;
  const retried = of > 1 ? ', so a call that failed and was retried counts too' : '';
  return ` (${which}of unknown outcome: nothing recorded whether the tool call succeeded${retried})`;
}

function times(n: number | undefined): string {
  return n === 1 ? 'once' : `${n ?? 0} times`;
}

function by(agents: readonly string[] | undefined): string {
  return agents && agents.length > 0 ? agents.join(', ') : 'an unknown agent';
}

/** Why work was lost, from the `reason` code lost-work puts in `observed`. */
function lostReason(o: EffectShape, e: EffectShape): string {
  const who = o.agent ?? 'its owner';
  switch (o.reason) {
    case 'released':
      return `${who} released it and nobody took it over`;
    case 'expired':
      return `${who}'s lease ran out and nobody took it over`;
    case 'slow':
      return `${who} picked it up ${duration(o.waitedMs)} after ${o.from} handed it over, over the ${duration(e.maxWaitMs)} limit`;
    case 'unanswered':
      return `${who} never picked it up after ${o.from} handed it over (${duration(o.waitedMs)} to the end, limit ${duration(e.maxWaitMs)})`;
    default:
      return o.reason ?? 'nobody owns it';
  }
}

/** One sentence for an effect or ownership finding. */
export function describeEffect(f: FindingData): string {
  const e = shape(f.expected);
  const o = shape(f.observed);
  const what = `${o.effect ?? e.effect} ${o.key ?? e.key}`;
  switch (f.code) {
    case 'effect.double':
      return `${what} committed ${times(o.times)} (by ${by(o.agents)}); expected ${times(e.times)}${unsureText(o.unsure, o.times)}`;
    case 'effect.forbidden':
      return `${what} committed ${times(o.times)} (by ${by(o.agents)}); it must not happen${unsureText(o.unsure, o.times)}`;
    case 'effect.early':
    case 'effect.late': {
      const d = Math.abs(f.distance ?? 0);
      const side = f.code === 'effect.early' ? 'before' : 'after';
      return `${what} committed at step ${o.step}${o.agent ? ` by ${o.agent}` : ''}, ${d} step${d === 1 ? '' : 's'} ${side} ${windowText(e.window)}`;
    }
    case 'effect.out_of_order': {
      const before = (o.before ?? []).map((b) =>
        b.step === undefined
          ? `${b.what} (which never happened)`
          : `${b.what} (at step ${b.step}, after it)`,
      );
      return `${what} committed at step ${o.step}${o.agent ? ` by ${o.agent}` : ''} before ${before.join(' and ')}`;
    }
    case 'effect.unowned':
      return `${o.agent ?? 'an unknown agent'} committed ${what}; its owner is ${e.owner}`;
    case 'effect.missing': {
      const others = o.unlabelledKeys ?? [];
      const but =
        others.length === 0
          ? ''
          : ` (${e.effect} was committed for ${others.join(', ')}, which no label names)`;
      return `${what} committed ${times(o.times)}; expected ${times(e.times)}${but}`;
    }
    case 'effect.before_ack':
      return `${o.agent} committed ${what} before accepting the handoff from ${o.from}`;
    case 'effect.after_release':
      return o.to === undefined
        ? `${o.agent} committed ${what} after releasing its claim on ${o.work}`
        : `${o.agent} committed ${what} after handing the work to ${o.to}`;
    case 'effect.unexpected_host':
      return describeRefused(o);
    case 'ownership.double_owner':
      return `${(o.owners ?? []).join(' and ')} held ${o.work} at the same time`;
    case 'ownership.lost_work':
      return `${o.work}: ${lostReason(o, e)}`;
    case 'ownership.no_way_back':
      return `${o.person} decided${o.decision === undefined ? '' : ` ${o.decision}`} at step ${f.step}, and the work never moved on`;
    default:
      return f.code;
  }
}

/** A refused request; a socket or a process refused by Baton's guard reads as what it was. */
function describeRefused(o: ReturnType<typeof shape>): string {
  const who = o.agent ?? 'the implementation';
  const url = String(o.url);
  if (o.method === 'SPAWN')
    return `${who} started the child process \`${decodeURIComponent(url.replace(/^process:/, ''))}\` (refused under isolation, never run)`;
  if (o.method === 'CONNECT')
    return `${who} opened a connection to ${url.replace(/^(tcp:\/\/|unix:)/, '')} outside fetch and node:http (undici, a raw socket or a Worker thread): not an allowed host (refused, never sent)`;
  return `${who} sent ${o.method} ${url}: ${o.host} is not an allowed host (refused, never sent)`;
}
