import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { BatonError } from '../../errors.ts';
import type { TracesAdapterConfig } from '../../model/adapter-config.ts';
import type { Case } from '../../model/labelled-case.ts';
import { BUILT_IN_RECOGNIZERS } from '../../normalize/normalize.ts';
import { ruleRecognizer } from '../../normalize/recognize-rules.ts';
import type { Recognizer } from '../../normalize/recognizer.ts';
import { type DerivedSteps, deriveSteps } from '../../traces/derive-steps.ts';
import { lowerSpans } from '../../traces/lower-spans.ts';
import { participantNames } from '../../traces/participant-names.ts';
import { TraceIndex } from '../../traces/trace-index.ts';
import type { Adapter } from '../adapter.ts';
import { findCaseTraces } from './find-case-traces.ts';

/** What the traces adapter exposes beyond the Adapter interface (for tools and tests). */
export interface TracesAdapter extends Adapter {
  /** The trace a case labels, its spans lowered to Baton's shape and cut into steps. */
  derive(testCase: Case): Promise<DerivedSteps>;
}

/**
 * Judges recorded traces instead of driving an implementation: for each case it finds the
 * trace(s) the case labels in OTLP/JSON files, recognises handoffs in every span shape Baton
 * knows plus the suite's `recognize:` rules, maps agent names to participants, derives the
 * steps, and returns the spans. The runner then judges them like any captured run.
 */
export function createTracesAdapter(config: TracesAdapterConfig, suiteFile: string): TracesAdapter {
  const suiteDir = dirname(suiteFile);
  const files = config.files.map((f) => resolve(suiteDir, f));
  const indexes = new Map<string, Promise<TraceIndex>>();
  const indexOf = (file: string): Promise<TraceIndex> => {
    let index = indexes.get(file);
    if (!index) {
      index = buildIndex(file);
      indexes.set(file, index);
    }
    return index;
  };
  const recognizers: Recognizer[] =
    config.recognize.length > 0
      ? [ruleRecognizer(config.recognize), ...BUILT_IN_RECOGNIZERS]
      : [...BUILT_IN_RECOGNIZERS];
  const nameOf = participantNames(config.names);

  const derive = async (testCase: Case): Promise<DerivedSteps> => {
    const spans = await findCaseTraces(testCase, files, indexOf);
    const lowered = lowerSpans(spans, recognizers, nameOf);
    return deriveSteps(lowered, testCase.trace?.steps ?? config.steps);
  };

  return {
    name: `traces (${config.files.length === 1 ? config.files[0] : `${config.files.length} files`})`,
    derive,
    async setup() {
      // Index the suite's files up front, outside any case's timeout.
      await Promise.all(files.map(indexOf));
    },
    async runCase(testCase) {
      const derived = await derive(testCase);
      checkSteps(testCase, derived);
      return { spans: derived.spans };
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

/** Labels count derived steps: a label past the last one (or written steps that disagree) is an error. */
function checkSteps(testCase: Case, derived: DerivedSteps): void {
  const count = derived.steps.length;
  const listing = derived.steps.map((s) => `${s.index} ${s.describe}`).join('; ');
  if (testCase.steps.length > 0 && testCase.steps.length !== count) {
    throw new BatonError(
      'adapter.load',
      `Failed to match case ${testCase.id} to its trace: the case lists ${testCase.steps.length} steps, the trace has ${count} (${listing}). Remove \`steps:\` from the case or change trace.steps.`,
    );
  }
  for (const h of testCase.labels.handoffs) {
    if (h.window[1] >= count) {
      throw new BatonError(
        'adapter.load',
        `Failed to match case ${testCase.id} to its trace: a label expects ${h.from} → ${h.to} at step ${h.window[1]}, but the trace has steps 0 to ${count - 1} (${listing}). Fix the label's \`at\`/\`window\` or choose another trace.steps rule.`,
      );
    }
  }
}

function shown(file: string): string {
  return relative(process.cwd(), file) || file;
}
