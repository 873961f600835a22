import type { FindingData } from '../model/finding.ts';

/** The shapes the reason, re-ask and tool findings carry in `expected` and `observed`. */
interface Shape {
  readonly from?: string;
  readonly to?: string;
  readonly by?: string;
  readonly step?: number;
  readonly reason?: string;
  readonly fact?: string;
  readonly value?: string;
  readonly givenAt?: number;
  readonly source?: {
    readonly kind?: string;
    readonly from?: string;
    readonly to?: string;
    readonly stepless?: boolean;
  };
  readonly field?: string;
  readonly sentence?: string;
  readonly handoff?: { readonly from?: string; readonly to?: string; readonly step?: number };
  readonly tool?: string;
  readonly agent?: string;
  readonly position?: number;
  readonly mode?: string;
  readonly args?: unknown;
  readonly mismatch?: {
    readonly path?: string;
    readonly expected?: unknown;
    readonly received?: unknown;
  };
}

function shape(v: unknown): Shape {
  return v !== null && typeof v === 'object' ? (v as Shape) : {};
}

function json(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function callText(c: Shape): string {
  const args = c.args === undefined ? '' : ` ${json(c.args)}`;
  return `${c.tool}${args}${c.agent === undefined ? '' : ` by ${c.agent}`}`;
}

function ordinal(position: number | undefined): string {
  return `call ${(position ?? 0) + 1}`;
}

/** Where a re-asked fact came from: a step that said it, or the label of a sender who knew it. */
function givenText(e: Shape): string {
  const fact = `${e.fact} (${e.value})`;
  const s = e.source;
  if (s?.kind !== 'label') return `step ${e.givenAt} already gave ${fact}`;
  const unsaid = s.stepless ? '' : ', though no step up to then says it';
  return `${s.from} already knew ${fact}: its handoff to ${s.to} at step ${e.givenAt} must carry it${unsaid}`;
}

/** One sentence for a wrong-reason, re-ask or tool-trajectory finding. */
export function describeMore(f: FindingData): string {
  const e = shape(f.expected);
  const o = shape(f.observed);
  switch (f.code) {
    case 'handoff.wrong_reason':
      return `${o.from} → ${o.to} at step ${o.step} gave ${o.reason === undefined ? 'no reason' : `reason ${o.reason}`}; expected ${e.reason}`;
    case 'handoff.reask': {
      const how = o.field !== undefined ? `for ${o.field}` : `"${o.sentence}"`;
      const h = o.handoff ?? {};
      return `${o.by} asked ${o.to} ${how} at step ${o.step} after ${h.from} handed over at step ${h.step}, but ${givenText(e)}`;
    }
    case 'tool.missing':
      return `expected ${callText(e)} (${ordinal(e.position)}, ${e.mode}), but it was never called`;
    case 'tool.unexpected':
      return `${callText(o)} at step ${o.step} was not expected (${e.mode})`;
    case 'tool.order':
      return `${o.tool} was ${ordinal(o.position)} at step ${o.step}; expected it as ${ordinal(e.position)} (strict)`;
    case 'tool.args': {
      const m = o.mismatch ?? {};
      const got = m.received === undefined ? 'no value' : json(m.received);
      const where = m.path ? `${m.path} = ${got}` : `arguments ${got}`;
      return `${o.tool} at step ${o.step} was called with ${where}; expected ${m.path ? json(m.expected) : json(e.args)}`;
    }
    default:
      return f.code;
  }
}
