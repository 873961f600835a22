import type { Finding, FindingData } from '../model/finding.ts';
import { describeEffect } from './describe-effect.ts';
import { describeHalt, describeNotTripped } from './describe-halt.ts';
import { describeMore } from './describe-more.ts';

type Shape = {
  from?: string;
  to?: string;
  step?: number;
  window?: readonly [number, number];
  /** Of a missed handoff: how many handoffs its sender made, none of them this one. */
  handoffs?: number;
  /** Of an out-of-order handoff: the one labelled first that it came before, or … */
  before?: { to: string; step: number };
  /** … the one labelled after it that came first. */
  after?: { to: string; step: number };
};

function asShape(v: unknown): Shape {
  return v !== null && typeof v === 'object' ? (v as Shape) : {};
}

function windowText(w: readonly [number, number] | undefined): string {
  if (!w) return 'the labelled step';
  return w[0] === w[1] ? `step ${w[0]}` : `steps ${w[0]}–${w[1]}`;
}

/** How the work came back to its sender before a re-delegation (find-bounces.ts). */
const RETURNED: Readonly<Record<string, string>> = {
  handback: 'handed it back',
  rejection: 'rejected it',
  answer: 'answered back without finishing it',
};

/** A carried value as JSON (`"silver"`, `120`), or as text where JSON cannot write it (a cycle). */
function carriedText(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

function steps(n: number): string {
  return `${n} step${n === 1 ? '' : 's'}`;
}

/** One sentence saying what a finding means; wording lives here, data lives in the finding. */
/** What the conversation handed over had to do with a missing fact (checks/find-fact.ts). */
const HISTORY: Readonly<Record<string, string>> = {
  lacks: ' (it sent no envelope, and the conversation it handed over lacks it too)',
  holds: ' in its envelope (the conversation it handed over has it: an envelope is judged alone)',
};

export function describeFinding(f: FindingData): string {
  const e = asShape(f.expected);
  const o = asShape(f.observed);
  const d = Math.abs(f.distance ?? 0);
  switch (f.code) {
    case 'handoff.on_time':
      return `${o.from} → ${o.to} at step ${o.step}, within ${windowText(e.window)}`;
    case 'handoff.missed': {
      const n = typeof o.handoffs === 'number' ? o.handoffs : 0;
      const but =
        n === 0
          ? `${e.from} never handed off`
          : `${e.from} made no such handoff (it made ${n === 1 ? '1 other' : `${n} others`})`;
      return `expected ${e.from} → ${e.to} at ${windowText(e.window)}, but ${but}`;
    }
    case 'handoff.early':
      return `${o.from} → ${o.to} at step ${o.step}, ${steps(d)} before ${windowText(e.window)}`;
    case 'handoff.late':
      return `${o.from} → ${o.to} at step ${o.step}, ${steps(d)} after ${windowText(e.window)}`;
    case 'handoff.wrong_target':
      return `${o.from} handed to ${o.to} at step ${o.step}; expected ${e.to}`;
    case 'handoff.out_of_order': {
      const at = (h: { step: number }) => (h.step === o.step ? '' : ` at step ${h.step}`);
      const crossed = o.before
        ? ` came before ${o.from} → ${o.before.to}${at(o.before)}, which is labelled first`
        : o.after
          ? ` came after ${o.from} → ${o.after.to}${at(o.after)}, which is labelled after it`
          : ' came out of the labelled order';
      return `${o.from} → ${o.to} at step ${o.step}${crossed} (handoffs made one after another must come in label order)`;
    }
    case 'handoff.unneeded':
      return `${o.from} → ${o.to} at step ${o.step} was not expected`;
    case 'handoff.bounced': {
      const b = f.observed as { path?: string[]; returnedBy?: string };
      const path = b.path ?? [];
      if (b.returnedBy === undefined) {
        return `work bounced ${path.join(' → ')} (returned at step ${f.step})`;
      }
      const [from, to] = path;
      return `${from} sent the same work to ${to} again at step ${f.step} after ${to} ${RETURNED[b.returnedBy] ?? 'gave it back'} (${path.join(' → ')})`;
    }
    case 'handoff.hops_exceeded': {
      const cap = (f.expected as { maxHops?: number }).maxHops;
      const n = (f.observed as { hops?: number }).hops;
      return `${n} handoffs, over the cap of ${cap}`;
    }
    case 'handoff.missing_fact': {
      const x = f.expected as { fact?: string; value?: unknown; match?: string };
      const found = f.observed as { found?: unknown; history?: string; under?: string } | undefined;
      const handoff = `${o.from} → ${o.to} at step ${f.step}`;
      // The value under another name: say where, so the label or the envelope can be renamed.
      const under =
        found?.under === undefined ? '' : ` (${String(x.value)} is under ${found.under})`;
      // The key was there with another value: say what it carried.
      if (found !== undefined && Object.hasOwn(found, 'found')) {
        return `${handoff} carried ${x.fact} = ${carriedText(found.found)}, expected ${String(x.value)}${under}`;
      }
      const what =
        x.match === 'contains'
          ? `${x.fact} (no text contains "${String(x.value)}")`
          : `${x.fact} = ${String(x.value)}`;
      return `${handoff} did not carry ${what}${under}${HISTORY[found?.history ?? ''] ?? ''}`;
    }
    case 'handoff.wrong_reason':
    case 'handoff.reask':
    case 'tool.missing':
    case 'tool.unexpected':
    case 'tool.order':
    case 'tool.args':
      return describeMore(f);
    case 'contract.violation': {
      const v = f.observed as {
        from?: string;
        to?: string;
        path?: string;
        expected?: string;
        received?: string;
        rule?: string;
      };
      const where = v.path ? `${v.path}: ` : '';
      const rule = v.rule ? ` [${v.rule}]` : '';
      return `${v.from} → ${v.to} at step ${f.step} broke its contract: ${where}expected ${v.expected}, received ${v.received}${rule}`;
    }
    case 'contract.missing': {
      const v = f.observed as { from?: string; to?: string };
      return `${v.from} → ${v.to} at step ${f.step} has no contract, and the suite requires one`;
    }
    case 'contract.rejected_valid':
    case 'contract.accepted_invalid':
    case 'contract.vague_rejection':
    case 'contract.coerced':
    case 'contract.nondeterministic':
    case 'contract.unbounded_pingpong':
      return String((f.observed as { message?: string } | undefined)?.message ?? f.code);
    case 'effect.double':
    case 'effect.unowned':
    case 'effect.missing':
    case 'effect.before_ack':
    case 'effect.after_release':
    case 'effect.unexpected_host':
    case 'effect.forbidden':
    case 'effect.early':
    case 'effect.late':
    case 'effect.out_of_order':
    case 'ownership.double_owner':
    case 'ownership.lost_work':
    case 'ownership.no_way_back':
      return describeEffect(f);
    case 'case.turn_limit':
    case 'case.guardrail_tripped':
      return describeHalt(f);
    case 'case.guardrail_not_tripped':
      return describeNotTripped(f);
    case 'case.error':
      return String(
        (f.observed as { message?: string } | undefined)?.message ?? 'the case failed to run',
      );
  }
}

/** Fields of a finding before its message, in the order report.json writes them. */
const BEFORE_MESSAGE = ['check', 'code', 'outcome', 'step', 'distance', 'expected', 'observed'];

/**
 * The finding with its message, its fields in report.json's order (the message after what it
 * describes, the rest as the check gave them), so that the report writes it without a copy.
 */
export function withMessage(f: FindingData): Finding {
  const out: Record<string, unknown> = {};
  const data = f as unknown as Record<string, unknown>;
  for (const k of BEFORE_MESSAGE) if (Object.hasOwn(data, k)) out[k] = data[k];
  out.message = describeFinding(f);
  for (const k of Object.keys(data)) if (!Object.hasOwn(out, k)) out[k] = data[k];
  return out as unknown as Finding;
}
