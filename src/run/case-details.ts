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

/** What a person debugging a case needs beside its verdict: lanes, steps, timeline, repeats. */
export function caseDetails(
  testCase: Case,
  runs: readonly CaseRun[],
  shown: CaseRun | undefined,
): Pick<CaseResult, 'participants' | 'steps' | 'timeline' | 'timelineOmitted' | 'runs'> {
  const events = shown?.timeline;
  const cut = events === undefined ? undefined : reportTimeline(events);
  return {
    participants: { agents: testCase.agents, persons: testCase.persons },
    steps: steps(testCase),
    ...(cut && { timeline: cut.timeline }),
    ...(cut && cut.omitted > 0 && { timelineOmitted: cut.omitted }),
    ...(runs.length > 1 && { runs: runs.map((r, i) => repeatResult(r, i, testCase)) }),
  };
}
