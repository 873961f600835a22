import type { CaseRun } from '../metrics/case-run.ts';
import type { Finding } from '../model/finding.ts';
import type { Case } from '../model/labelled-case.ts';
import type { CaseResult, RepeatResult, ReportFinding, ReportStep } from '../model/report.ts';
import { describeStep } from '../model/step.ts';
import { findingLine } from './locate-finding.ts';
import { reportTimeline } from './report-timeline.ts';

/** A finding with the line of the case file it points at. */
export function located(f: Finding, testCase: Case): ReportFinding {
  const line = findingLine(f, testCase);
  return line === undefined ? f : { ...f, line };
}

function steps(testCase: Case): ReportStep[] {
  return testCase.steps.map((step, i) => {
    const line = testCase.positions?.steps[i];
    return { kind: step.kind, text: describeStep(step), ...(line !== undefined && { line }) };
  });
}

function repeatResult(run: CaseRun, repeat: number, testCase: Case): RepeatResult {
  return {
    repeat,
    status: run.status,
    durationMs: Math.round(run.durationMs * 1000) / 1000,
    findings: run.findings.filter((f) => f.outcome !== 'pass').map((f) => located(f, testCase)),
    ...(run.error !== undefined && { error: run.error }),
  };
}

/**
 * What a person debugging a case needs beside its verdict: lanes, steps, timeline, repeats,
 * written into `result` in the order a report lists them.
 */
export function addCaseDetails(
  result: { -readonly [K in DetailKey]?: CaseResult[K] },
  testCase: Case,
  runs: readonly CaseRun[],
  shown: CaseRun | undefined,
): void {
  const events = shown?.timeline;
  const cut = events === undefined ? undefined : reportTimeline(events);
  result.participants = { agents: testCase.agents, persons: testCase.persons };
  // A recorded trace's case lists no steps: the ones its adapter derived stand in for them.
  result.steps = testCase.steps.length > 0 ? steps(testCase) : [...(shown?.steps ?? [])];
  if (runs.length > 1) result.runs = runs.map((r, i) => repeatResult(r, i, testCase));
  if (cut && cut.omitted > 0) result.timelineOmitted = cut.omitted;
  if (cut) result.timeline = cut.timeline;
}

type DetailKey = 'participants' | 'steps' | 'timeline' | 'timelineOmitted' | 'runs';
