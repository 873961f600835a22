import type { AttrValue } from '../../normalize/span-record.ts';

/**
 * A span Baton will create for one SDK span (or on its own account, such as a person handing work
 * back): the OpenTelemetry span's name, times, attributes and parent, decided before any span
 * exists so that the mapping stays a pure function.
 */
export interface PlannedSpan {
  readonly id: string;
  /** The planned span it sits under; absent: directly under the step span. */
  readonly parentId?: string;
  readonly name: string;
  /** Milliseconds since the epoch. */
  readonly start: number;
  readonly end: number;
  readonly attributes: Readonly<Record<string, AttrValue>>;
  /** The SDK span's error message, set as the span's error status. */
  readonly error?: string;
}

export { SDK_ATTR } from '../../conventions/agents-sdk.ts';

/** Long tool inputs and outputs are cut: spans are for verdicts, not transcripts. */
export const MAX_TEXT_ATTR = 2000;

export function clip(text: string): string {
  return text.length <= MAX_TEXT_ATTR ? text : `${text.slice(0, MAX_TEXT_ATTR - 1)}…`;
}
