import { existsSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { BatonError } from '../../errors.ts';
import type { TracesAdapterConfig } from '../../model/adapter-config.ts';
import type { Case } from '../../model/labelled-case.ts';
import type { CaseNote, MatchCount } from '../../model/report.ts';
import { BUILT_IN_RECOGNIZERS } from '../../normalize/normalize.ts';
import { compileRules } from '../../normalize/recognize-rules.ts';
import { type DerivedSteps, deriveSteps } from '../../traces/derive-steps.ts';
import { lowerTrace } from '../../traces/lower-spans.ts';
import { participantNames } from '../../traces/participant-names.ts';
import type { TraceProblem } from '../../traces/read-batches.ts';
import { expandTraceFiles } from '../../traces/trace-file-globs.ts';
import { TraceIndex } from '../../traces/trace-index.ts';
import type { Adapter } from '../adapter.ts';
import { findCaseTraces, unreadNote } from './find-case-traces.ts';
import { fitLabels, stepListing } from './fit-labels.ts';
import { lostNote } from './lost-note.ts';
import { matchCounts } from './match-counts.ts';

/** A case's trace in Baton's shape, cut into steps, with what each rule and shape matched. */
export interface DerivedTrace extends DerivedSteps {
  readonly recognition: readonly MatchCount[];
  /** Places in the case's trace files that could not be read. */
  readonly problems: readonly TraceProblem[];
  /** Set when places that could not be read held spans of this case's trace. */
  readonly lost?: CaseNote;
}

/** What the traces adapter exposes beyond the Adapter interface (for tools and tests). */
export interface TracesAdapter extends Adapter {
  /** The trace a case labels, its spans lowered to Baton's shape and cut into steps. */
  derive(testCase: Case): Promise<DerivedTrace>;
}

/**
 * Judges recorded traces instead of driving an implementation: for each case it finds the
 * trace(s) the case labels in OTLP/JSON files, recognises handoffs in every span shape Baton
 * knows plus the suite's `recognize:` rules, maps agent names to participants, derives the
 * steps, and returns the spans. The runner then judges them like any captured run.
 */
export function createTracesAdapter(config: TracesAdapterConfig, suiteFile: string): TracesAdapter {
  const suiteDir = dirname(suiteFile);
  let expanded: Promise<string[]> | undefined;
  // Globs are expanded once, when the first case (or setup) needs the files.
  const suiteFiles = () => {
    expanded ??= expandTraceFiles(suiteDir, config.files).then((found) => {
      const none = found.unmatched[0];
      if (none) throw noMatch(none, suiteDir);
      return found.files;
    });
    return expanded;
  };
  const indexes = new Map<string, Promise<TraceIndex>>();
  const indexOf = (file: string): Promise<TraceIndex> => {
    let index = indexes.get(file);
    if (!index) {
      index = buildIndex(file);
      indexes.set(file, index);
    }
    return index;
  };
  const rules = config.recognize.length > 0 ? compileRules(config.recognize) : undefined;
  const nameOf = participantNames(config.names);

  const derive = async (testCase: Case): Promise<DerivedTrace> => {
    const found = await findCaseTraces(testCase, await suiteFiles(), indexOf);
    const { spans, problems } = found;
    const lowered = lowerTrace(spans, {
      recognizers: BUILT_IN_RECOGNIZERS,
      nameOf,
      ...(rules && { rules }),
    });
    const steps = testCase.trace?.steps ?? config.steps;
    const derived = deriveSteps(lowered.spans, steps);
    const fromSuite = testCase.trace?.steps === undefined;
    const recognition = matchCounts(rules, lowered, derived, { steps, fromSuite });
    const lost = testCase.trace && lostNote(testCase.id, testCase.trace, found.traceIds, problems);
    return { ...derived, recognition, problems, ...(lost && { lost }) };
  };

  return {
    name: `traces (${config.files.length === 1 ? config.files[0] : `${config.files.length} files`})`,
    derive,
    async setup() {
      // Index the suite's files up front, outside any case's timeout.
      await Promise.all((await suiteFiles()).map(indexOf));
    },
    async runCase(testCase) {
      const derived = await derive(testCase);
      checkWrittenSteps(testCase, derived);
      const fitted = fitLabels(testCase, derived);
      // This case's own loss first: it is what its findings must be read with.
      const unread = [derived.lost, unreadNote(derived.problems)].filter((n) => n !== undefined);
      const notes = [...unread, ...fitted.notes];
      return {
        spans: derived.spans,
        recognition: derived.recognition,
        steps: derived.steps.map((s) => ({ kind: 'trace', text: s.describe })),
        ...(fitted.notes.length > 0 && { labels: fitted.labels }),
        ...(notes.length > 0 && { notes }),
      };
    },
  };
}

async function buildIndex(file: string): Promise<TraceIndex> {
  if (!existsSync(file)) {
    throw new BatonError(
      'adapter.load',
      `Failed to read trace file ${shown(file)}: it does not exist. Paths in a suite are relative to the suite file, in a case to the case file.`,
    );
  }
  return TraceIndex.build(file);
}

/** Steps a trace case writes must agree in number with the steps its trace has. */
function checkWrittenSteps(testCase: Case, derived: DerivedSteps): void {
  const count = derived.steps.length;
  if (testCase.steps.length > 0 && testCase.steps.length !== count) {
    throw new BatonError(
      'adapter.load',
      `Failed to match case ${testCase.id} to its trace: the case lists ${testCase.steps.length} steps, the trace has ${count} (${stepListing(derived)}). Remove \`steps:\` from the case or change trace.steps.`,
    );
  }
}

function noMatch(none: { index: number; pattern: string }, suiteDir: string): BatonError {
  return new BatonError(
    'adapter.load',
    `Failed to read adapter.files[${none.index}]: \`${none.pattern}\` matches no trace file in ${shown(suiteDir)}. Globs and paths in a suite are relative to the suite file; fix the pattern, or remove it.`,
  );
}

function shown(file: string): string {
  return relative(process.cwd(), file) || file;
}
