import type { Case, ExpectedEffect, ExpectedHandoff, Labels } from '../../model/labelled-case.ts';
import type { CaseNote } from '../../model/report.ts';
import type { DerivedSteps } from '../../traces/derive-steps.ts';

/**
 * A trace case's labels fitted to the steps its trace has. Labels count derived steps; a window
 * (of a handoff or an effect) that runs past the last step is judged against the steps that
 * exist: it ends at the last step, and one that starts after it becomes the last step alone (the
 * trace ended before it was due: at its last step it is on time, never at all it is missed).
 * Each cut is a note.
 */
export function fitLabels(
  testCase: Case,
  derived: DerivedSteps,
): { labels: Labels; notes: CaseNote[] } {
  const last = derived.steps.length - 1;
  const notes: CaseNote[] = [];
  const cut = (window: readonly [number, number], what: string): [number, number] | undefined => {
    if (window[1] <= last) return undefined;
    const fitted: [number, number] = [Math.min(window[0], last), last];
    notes.push({
      code: 'window.past_end',
      message: `a label expects ${what} ${stepsText(window)}, but the trace has steps 0 to ${last} (${stepListing(derived)}); judged ${stepsText(fitted)}`,
      fix: "check the label's `at`/`window` against the derived steps, or choose another trace.steps rule",
    });
    return fitted;
  };
  const handoffs = testCase.labels.handoffs.map((h): ExpectedHandoff => {
    const window = cut(h.window, `${h.from} → ${h.to}`);
    return window ? { ...h, window } : h;
  });
  const effects = testCase.labels.effects?.map((e): ExpectedEffect => {
    const window = e.window && cut(e.window, `${e.effect} ${e.key}`);
    return window ? { ...e, window } : e;
  });
  return { labels: { ...testCase.labels, handoffs, ...(effects && { effects }) }, notes };
}

function stepsText([first, last]: readonly [number, number]): string {
  return first === last ? `at step ${first}` : `in steps ${first} to ${last}`;
}

/** `0 trace 4bf92f35 "POST /chat"; 1 …`: where each derived step begins. */
export function stepListing(derived: DerivedSteps): string {
  return derived.steps.map((s) => `${s.index} ${s.describe}`).join('; ');
}
