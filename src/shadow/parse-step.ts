import { z } from 'zod';
import type { Step } from '../model/step.ts';

const FactValue = z.union([z.string(), z.number(), z.boolean()]);
const Customer = z.object({ kind: z.literal('customer'), text: z.string().min(1) });
const Tool = z.object({
  kind: z.literal('tool'),
  name: z.string().min(1),
  ok: z.boolean().default(true),
  result: z.unknown().optional(),
  error: z.string().optional(),
});
const Signal = z.object({ kind: z.literal('signal'), values: z.record(z.string(), FactValue) });
const Person = z.object({
  kind: z.literal('person'),
  who: z.string().min(1),
  decision: z.string().min(1),
  note: z.string().optional(),
});
const StepShape = z.discriminatedUnion('kind', [Customer, Tool, Signal, Person]);

/** A `baton.step.input` read: the step, or why the text is not one. */
export type StepRead =
  | { readonly ok: true; readonly step: Step }
  | { readonly ok: false; readonly why: string };

const KINDS = ['customer', 'tool', 'signal', 'person'];
const KIND_LIST = 'customer, tool, signal or person';

/**
 * A step from the text of a `baton.step.input` attribute: Baton's step shape with its kind
 * (`{"kind":"customer","text":"…"}`; a signal's values inside `values` or beside `kind`:
 * `{"kind":"signal","confidence":0.4}`) or a case file's (`{"customer":"…"}`,
 * `{"signal":{"confidence":0.4}}`). A string that is not JSON is a customer's words.
 */
export function readStep(text: string): StepRead {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    if (text.trim() === '') return { ok: false, why: 'it is empty' };
    return { ok: true, step: { kind: 'customer', text } };
  }
  if (typeof raw === 'string' && raw.trim() !== '')
    return { ok: true, step: { kind: 'customer', text: raw } };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, why: 'it is JSON but not an object' };
  const shaped = kindShaped(raw as Record<string, unknown>);
  if (!('kind' in shaped)) return { ok: false, why: `it names no kind (${KIND_LIST})` };
  if (!KINDS.includes(String(shaped.kind)))
    return { ok: false, why: `kind ${JSON.stringify(shaped.kind)} is not ${KIND_LIST}` };
  const parsed = StepShape.safeParse(shaped);
  if (parsed.success) return { ok: true, step: clean(parsed.data) };
  const issue = parsed.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  if (path.startsWith('values.'))
    return { ok: false, why: `${path}: a signal's values are strings, numbers or true/false` };
  return { ok: false, why: `${path ? `${path}: ` : ''}${issue?.message ?? 'not a step'}` };
}

/** The shapes a step may take, for messages: one example of each kind. */
export const STEP_EXAMPLES =
  '{"kind":"customer","text":"…"}, {"kind":"signal","confidence":0.4}, {"kind":"tool","name":"lookup","ok":true,"result":{}} or {"kind":"person","who":"supervisor","decision":"approve"}';

/**
 * `{ customer: "…" }`, `{ tool: {…} }`, `{ signal: {…} }`, `{ person: {…} }` → `{ kind, … }`;
 * a signal's values written beside its kind go under `values`.
 */
function kindShaped(r: Record<string, unknown>): Record<string, unknown> {
  if ('kind' in r) {
    if (r.kind !== 'signal' || typeof r.values === 'object') return r;
    const { kind, ...values } = r;
    return { kind, values };
  }
  if (typeof r.customer === 'string') return { kind: 'customer', text: r.customer };
  if (typeof r.signal === 'object' && r.signal !== null)
    return { kind: 'signal', values: r.signal };
  for (const kind of ['tool', 'person'] as const) {
    const body = r[kind];
    if (typeof body === 'object' && body !== null) return { kind, ...body };
  }
  return r;
}

/** Drops optional fields that are absent, as `exactOptionalPropertyTypes` wants. */
function clean(step: z.output<typeof StepShape>): Step {
  switch (step.kind) {
    case 'tool': {
      const { result, error, ...rest } = step;
      return {
        ...rest,
        ...(result !== undefined && { result }),
        ...(error !== undefined && { error }),
      };
    }
    case 'person': {
      const { note, ...rest } = step;
      return { ...rest, ...(note !== undefined && { note }) };
    }
    default:
      return step;
  }
}
