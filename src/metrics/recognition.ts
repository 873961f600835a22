import { type DataPath, formatPath } from '../model/data-path.ts';
import type { CaseNote, MatchCount, RecognitionCount, RunWarning } from '../model/report.ts';
import type { CaseRun } from './case-run.ts';
import { effectWarning } from './effect-warnings.ts';

/** Finds the line a path of the suite file is written on. */
export type LineOf = (path: DataPath) => number | undefined;

type Counting = { -readonly [K in keyof Omit<RecognitionCount, 'of'>]: RecognitionCount[K] };

/** `nearAt`: the place of the case `near` came from (the first case that showed one wins). */
type Entry = { count: Counting; place: number; at: number; nearAt: number };

function keyOf(m: MatchCount): string {
  return `${m.source}\n${m.name}\n${m.path ? formatPath(m.path) : ''}`;
}

/**
 * Sums what each rule, preset rule, span shape and step rule matched over the cases' first
 * runs, in the order they were first reported. Errored runs report nothing and are not counted.
 */
export function summarizeRecognition(
  runs: readonly (CaseRun | undefined)[],
  lineOf?: LineOf,
): RecognitionCount[] {
  const tally = new RecognitionTally(lineOf);
  runs.forEach((run, i) => {
    tally.add(run, i);
  });
  return tally.counts();
}

/**
 * `summarizeRecognition` counted as cases finish, in any order: each case's first run is given
 * with the case's place, and the counts come out in the order of the places.
 */
export class RecognitionTally {
  private readonly byKey = new Map<string, Entry>();
  // A count without a path by source, then name: no key text built per count of every case.
  private readonly unplaced = new Map<string, Map<string, Entry>>();
  private of = 0;

  constructor(private readonly lineOf?: LineOf) {}

  add(run: CaseRun | undefined, place: number): void {
    if (!run?.recognition) return;
    this.of++;
    const counts = run.recognition;
    for (let at = 0; at < counts.length; at++) {
      const m = counts[at] as MatchCount;
      const seen = this.entryOf(m);
      const hit = m.spans > 0 ? 1 : 0;
      if (seen) {
        // This map's own copy: counting in place costs no object per case.
        seen.count.spans += m.spans;
        seen.count.cases += hit;
        if (place < seen.place) {
          seen.place = place;
          seen.at = at;
          // A label is shown where the first case labels it.
          if (m.line !== undefined) seen.count.line = m.line;
          if (m.file !== undefined) seen.count.file = m.file;
        }
        if (m.near !== undefined && place < seen.nearAt) {
          seen.count.near = m.near;
          seen.nearAt = place;
        }
        continue;
      }
      const line = m.line ?? (m.path && this.lineOf?.(m.path));
      const count: Counting = {
        source: m.source,
        name: m.name,
        ...(m.path && { path: formatPath(m.path) }),
        ...(m.file !== undefined && { file: m.file }),
        ...(line !== undefined && { line }),
        spans: m.spans,
        cases: hit,
        ...(m.near !== undefined && { near: m.near }),
      };
      const entry = { count, place, at, nearAt: m.near === undefined ? Infinity : place };
      this.byKey.set(keyOf(m), entry);
      if (!m.path) {
        let byName = this.unplaced.get(m.source);
        if (!byName) {
          byName = new Map();
          this.unplaced.set(m.source, byName);
        }
        byName.set(m.name, entry);
      }
    }
  }

  private entryOf(m: MatchCount): Entry | undefined {
    return m.path ? this.byKey.get(keyOf(m)) : this.unplaced.get(m.source)?.get(m.name);
  }

  counts(): RecognitionCount[] {
    const first = [...this.byKey.values()].sort((a, b) => a.place - b.place || a.at - b.at);
    return first.map(({ count }) => ({ ...count, of: this.of }));
  }
}

/** What the run warnings are made from. */
export interface WarningInput {
  readonly file: string;
  readonly counts: readonly RecognitionCount[];
  readonly notes: readonly { readonly caseId: string; readonly note: CaseNote }[];
  /** Handoffs the labels of the judged cases expect, and the handoffs observed in them. */
  readonly expectedHandoffs: number;
  readonly observedHandoffs: number;
  /** Under `--strict` a rule that matched nothing is an error. */
  readonly strict: boolean;
  /** The suite's `adapter.type`, for advice that fits how that adapter reads handoffs. */
  readonly adapterType?: string | undefined;
}

/**
 * Warnings about the run itself: a suite rule, a preset or the step rule that matched no span
 * in any case (errors under strict), an effect rule or an undeclared effect label that matched
 * nothing (see `effectWarning`), labels cut to a short trace, and a run in which no span at all
 * was recognised as a handoff while the labels expect some.
 */
export function runWarnings(input: WarningInput): RunWarning[] {
  const severity = input.strict ? 'error' : 'warning';
  const at = (c: RecognitionCount) => ({
    file: input.file,
    ...(c.line !== undefined && { line: c.line }),
  });
  const warnings: RunWarning[] = [];
  for (const c of input.counts) {
    if (c.source === 'rule' && c.spans === 0 && c.of > 0) {
      warnings.push({ code: 'recognize.unmatched', severity, ...at(c), ...unmatchedRule(c) });
    }
    if (c.source === 'steps' && c.path !== undefined && c.spans === 0 && c.of > 0) {
      warnings.push({ code: 'steps.unmatched', severity, ...at(c), ...unmatchedSteps(c) });
    }
    const effect = effectWarning(c, input.file, input.strict);
    if (effect) warnings.push(effect);
  }
  for (const group of presetGroups(input.counts)) {
    if (group.every((c) => c.spans === 0) && (group[0]?.of ?? 0) > 0) {
      const c = group[0] as RecognitionCount;
      warnings.push({ code: 'recognize.unmatched', severity, ...at(c), ...unmatchedPreset(c) });
    }
  }
  warnings.push(...noteWarnings(input));
  if (input.expectedHandoffs > 0 && input.observedHandoffs === 0) {
    warnings.push({
      code: 'handoffs.unrecognized',
      severity: 'warning',
      file: input.file,
      message: `no span in the whole run was recognised as a handoff, while the labels expect ${input.expectedHandoffs}: every one of them is missed`,
      fix: unrecognizedFix(input.adapterType),
    });
  }
  return warnings;
}

/** What to check when no handoff was seen, for the adapter that ran. */
function unrecognizedFix(adapterType: string | undefined): string {
  if (adapterType === 'langgraph') {
    return 'the langgraph adapter sees a handoff where the work moves between graph nodes named as the participants (or the app’s agents and persons), and in transfer_to_<name> tool calls: check that the node names match the cases’ participants (docs/adapters/langgraph.md)';
  }
  const known = 'check that the spans follow a shape Baton knows (docs/conventions.md)';
  return adapterType === 'traces' || adapterType === undefined
    ? `${known}, or add a \`recognize:\` rule for recorded traces`
    : known;
}

/**
 * Case notes as warnings; a note many cases share (an unreadable trace file) is one warning,
 * tied to a case only when one case had it.
 */
function noteWarnings(input: WarningInput): RunWarning[] {
  const byText = new Map<string, { note: CaseNote; caseIds: string[] }>();
  for (const { caseId, note } of input.notes) {
    const key = `${note.code}\n${note.message}`;
    const seen = byText.get(key);
    if (seen) seen.caseIds.push(caseId);
    else byText.set(key, { note, caseIds: [caseId] });
  }
  return [...byText.values()].map(({ note, caseIds }) => ({
    ...note,
    severity: 'warning',
    ...(caseIds.length === 1 && { caseId: caseIds[0] }),
    file: input.file,
  }));
}

function cases(c: RecognitionCount): string {
  return c.of === 1 ? 'the one case judged' : `any of the ${c.of} cases judged`;
}

function unmatchedRule(c: RecognitionCount) {
  return {
    message: `rule ${c.path} (${c.name}) matched no span in ${cases(c)}`,
    fix: 'compare the rule’s `name`/`attribute` with the span names and attributes in the export, or remove the rule',
  };
}

function unmatchedPreset(c: RecognitionCount) {
  const preset = c.name.split(':')[0];
  return {
    message: `preset ${preset} (${c.path}) matched no span in ${cases(c)}`,
    fix: `check that the traces come from the instrumentation the ${preset} preset reads (docs/adapters/traces.md), or remove it`,
  };
}

function unmatchedSteps(c: RecognitionCount) {
  return {
    message: `step rule ${c.name} (${c.path}) found no span to start a step in ${cases(c)}: each trace was judged as one step`,
    fix: 'choose another `steps:` rule: customer_turns, agent_turns, root_children or { attribute: <key> }',
  };
}

function presetGroups(counts: readonly RecognitionCount[]): RecognitionCount[][] {
  const groups = new Map<string, RecognitionCount[]>();
  for (const c of counts) {
    if (c.source !== 'preset' || c.path === undefined) continue;
    groups.set(c.path, [...(groups.get(c.path) ?? []), c]);
  }
  return [...groups.values()];
}
