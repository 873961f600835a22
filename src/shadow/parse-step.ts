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

/**
 * A step from the text of a `baton.step.input` attribute: Baton's step shape
 * (`{"kind":"customer","text":"…"}`) or a case file's (`{"customer":"…"}`). A string that is not
 * JSON is a customer's words. Undefined when the text is neither.
 */
export function parseStep(text: string): Step | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return text.trim() === '' ? undefined : { kind: 'customer', text };
  }
  const parsed = StepShape.safeParse(kindShaped(raw));
  return parsed.success ? clean(parsed.data) : undefined;
}

/** `{ customer: "…" }`, `{ tool: {…} }`, `{ signal: {…} }`, `{ person: {…} }` → `{ kind, … }`. */
function kindShaped(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || 'kind' in raw) return raw;
  const r = raw as Record<string, unknown>;
  if (typeof r.customer === 'string') return { kind: 'customer', text: r.customer };
  if (typeof r.signal === 'object' && r.signal !== null)
    return { kind: 'signal', values: r.signal };
  for (const kind of ['tool', 'person'] as const) {
    const body = r[kind];
    if (typeof body === 'object' && body !== null) return { kind, ...body };
  }
  return raw;
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
