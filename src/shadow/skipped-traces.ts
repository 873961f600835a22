import type { FinishedConversation } from './conversation-assembler.ts';

/** Traces passed over as no conversation: how many, and the names of their first root spans. */
export interface SkippedTraces {
  readonly traces: number;
  /** Up to three root span names, for the line that says what was skipped ("GET /healthz"). */
  readonly examples: readonly string[];
}

const EXAMPLES = 3;

/** Counts the traces with no agent activity that were not taken as conversations. */
export class SkippedTally {
  private traces = 0;
  private readonly names = new Set<string>();

  add(f: FinishedConversation): void {
    this.traces += f.traceIds.length;
    if (this.names.size >= EXAMPLES) return;
    const root = f.spans.find((s) => s.parentId === undefined) ?? f.spans[0];
    if (root) this.names.add(root.name);
  }

  get value(): SkippedTraces {
    return { traces: this.traces, examples: [...this.names] };
  }
}

/** One line: how many traces were skipped and why; empty when none was. */
export function skippedTracesLine(s: SkippedTraces): string {
  if (s.traces === 0) return '';
  const one = s.traces === 1;
  const what = one
    ? '1 trace that is not a conversation'
    : `${s.traces} traces that are not conversations`;
  const like = s.examples.length > 0 ? ` (${s.examples.map((n) => `"${n}"`).join(', ')})` : '';
  return `Skipped ${what}${like}: no agent span, handoff or step input in ${one ? 'it' : 'them'}.`;
}
