import type { AttrValue, SpanRecord } from '../normalize/span-record.ts';
import { quote, type Start, startOrder } from './step-starts.ts';

/** The step rule that reads each span's step from one of its attributes. */
export interface AttributeStepRule {
  readonly attribute: string;
  /** The attribute's value at the first step (1 for a counter that starts at 1). */
  readonly first: number;
}

/**
 * Steps read from an attribute: every span holding it belongs to the step its value names, with
 * its whole subtree. When every value is a whole number, step k is value `first + k` (a number
 * no span holds is an empty step); otherwise each distinct value is the next step, in the order
 * its first span started. Values below `first` are ignored.
 */
export function attributeSteps(spans: readonly SpanRecord[], rule: AttributeStepRule): Start[] {
  const holders = [...spans]
    .filter((s) => stepValue(s.attributes[rule.attribute]) !== undefined)
    .sort(startOrder(spans));
  const values = holders.map((s) => stepValue(s.attributes[rule.attribute]) as string);
  const numbered = values.length > 0 && values.every((v) => /^-?\d+$/.test(v));
  const byStep = new Map<number, SpanRecord[]>();
  const order = new Map<string, number>();
  holders.forEach((span, i) => {
    const value = values[i] as string;
    const k = numbered ? Number(value) - rule.first : (order.get(value) ?? order.size);
    order.set(value, k);
    if (k < 0) return;
    byStep.set(k, [...(byStep.get(k) ?? []), span]);
  });
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const last = Math.max(-1, ...byStep.keys());
  const starts: Start[] = [];
  for (let k = 0; k <= last; k++) {
    const members = topMost(byStep.get(k) ?? [], byId, rule.attribute);
    const span = members[0];
    starts.push(
      span
        ? {
            span,
            members,
            describe: `${rule.attribute} ${quote(String(span.attributes[rule.attribute]))} "${span.name}"`,
          }
        : {
            members: [],
            describe: `${rule.attribute} ${numbered ? k + rule.first : '?'}: no span`,
          },
    );
  }
  return starts;
}

/** A value that names a step: text or a number; anything else is no step. */
function stepValue(v: AttrValue | undefined): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  return undefined;
}

/** The spans of one step whose parent is not of the same step: the subtrees to move. */
function topMost(
  members: readonly SpanRecord[],
  byId: ReadonlyMap<string, SpanRecord>,
  key: string,
): SpanRecord[] {
  return members.filter((m) => {
    const parent = m.parentId === undefined ? undefined : byId.get(m.parentId);
    return (
      parent === undefined || stepValue(parent.attributes[key]) !== stepValue(m.attributes[key])
    );
  });
}
