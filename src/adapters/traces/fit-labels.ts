import type { Case, ExpectedHandoff, Labels } from '../../model/labelled-case.ts';
import type { CaseNote } from '../../model/report.ts';
import type { DerivedSteps } from '../../traces/derive-steps.ts';

/**
 * A trace case's labels fitted to the steps its trace has. Labels count derived steps; a window
 * that runs past the last step is judged against the steps that exist: it ends at the last step,
 * and one that starts after it becomes the last step alone (the trace ended before the handoff
 * was due: a handoff at its last step is on time, none at all is missed). Each cut is a note.
 */
export function fitLabels(
  testCase: Case,
  derived: DerivedSteps,
): { labels: Labels; notes: CaseNote[] } {
  const last = derived.steps.length - 1;
  const notes: CaseNote[] = [];
  const handoffs = testCase.labels.handoffs.map((h): ExpectedHandoff => {
    if (h.window[1] <= last) return h;
    const window: [number, number] = [Math.min(h.window[0], last), last];
    notes.push({
      code: 'window.past_end',
      message: `a label expects ${h.from} → ${h.to} ${stepsText(h.window)}, but the trace has steps 0 to ${last} (${stepListing(derived)}); judged ${stepsText(window)}`,
      fix: "check the label's `at`/`window` against the derived steps, or choose another trace.steps rule",
    });
    return { ...h, window };
  });
  return { labels: { ...testCase.labels, handoffs }, notes };
}

function stepsText([first, last]: readonly [number, number]): string {
  return first === last ? `at step ${first}` : `in steps ${first} to ${last}`;
}

/** `0 trace 4bf92f35 "POST /chat"; 1 …`: where each derived step begins. */
export function stepListing(derived: DerivedSteps): string {
  return derived.steps.map((s) => `${s.index} ${s.describe}`).join('; ');
}
