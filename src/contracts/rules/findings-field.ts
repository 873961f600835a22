import { z } from 'zod';
import type { Envelope } from '../types.ts';
import { isRecord } from './mutation.ts';

/**
 * The `findings` field, shared by `findings.fresh` and `findings.capped`: one schema instance, so
 * a contract may use either rule or both without a field clash. The timestamp is optional here
 * because only the freshness rule requires it (and says so with its own code).
 */
export const FINDINGS_FIELD = z.array(
  z.object({
    claim: z.string().min(1),
    at: z.string().optional(),
  }),
);

/** The findings of an envelope as an array (empty when the field is absent or not an array). */
export function findingsOf(envelope: Envelope): readonly unknown[] {
  const value = envelope.findings;
  return Array.isArray(value) ? value : [];
}

/** A copy of the envelope whose finding at `index` is `edit(finding)`; appends when out of range. */
export function editFinding(
  envelope: Envelope,
  index: number,
  edit: (finding: Record<string, unknown>) => Record<string, unknown>,
): Envelope {
  const items = [...findingsOf(envelope)];
  const current = items[index];
  const finding = isRecord(current) ? current : { claim: 'a finding added to break the envelope' };
  if (index < items.length) items[index] = edit(finding);
  else items.push(edit(finding));
  return { ...envelope, findings: items };
}
