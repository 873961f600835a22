import type { FindingData } from '../../model/finding.ts';
import type { ExpectedToolCall, ToolMatchMode } from '../../model/labelled-case.ts';
import type { Timeline, ToolCallEvent } from '../../model/timeline.ts';
import { defineCheck } from '../check.ts';
import { judgeTrajectory, MODE_JUDGES, type TrajectoryIssue } from './judge-trajectory.ts';

/** Options of the tool check: the mode for cases whose `expect.tools` names none. */
export interface ToolOptions {
  readonly match?: ToolMatchMode;
}

/** The mode a case is judged under: its own, the suite's, else superset. */
export function modeOf(caseMode: ToolMatchMode | undefined, options: ToolOptions): ToolMatchMode {
  return caseMode ?? options.match ?? 'superset';
}

function toolCalls(timeline: Timeline): ToolCallEvent[] {
  const out: ToolCallEvent[] = [];
  for (const e of timeline.events) if (e.kind === 'tool_call') out.push(e);
  return out;
}

/**
 * Tool-trajectory labels (`expect.tools`): which tools a case must call, with argument subsets,
 * under strict | unordered | subset | superset (docs/tools.md). tool.missing, tool.unexpected,
 * tool.order (strict only) and tool.args; a case without `expect.tools` is not judged.
 */
export const toolTrajectory = defineCheck<ToolOptions>({
  name: 'tool-trajectory',
  opportunities(timeline, labels, options) {
    if (!labels.tools) return {};
    const mode = modeOf(labels.tools.match, options);
    const expected = labels.tools.calls.length;
    return {
      'tool.missing': MODE_JUDGES[mode].missing ? expected : 0,
      'tool.unexpected': MODE_JUDGES[mode].unexpected ? toolCalls(timeline).length : 0,
      'tool.order': mode === 'strict' ? expected : 0,
      'tool.args': labels.tools.calls.filter((c) => c.args !== undefined).length,
    };
  },
  run(timeline, labels, options) {
    if (!labels.tools) return [];
    const mode = modeOf(labels.tools.match, options);
    const expected = labels.tools.calls;
    const observed = toolCalls(timeline);
    return judgeTrajectory(expected, observed, mode).map((issue) =>
      toFinding(issue, expected, observed, mode),
    );
  },
});

function describeCall(c: ExpectedToolCall, position: number) {
  return {
    tool: c.tool,
    position,
    ...(c.agent !== undefined && { agent: c.agent }),
    ...(c.args !== undefined && { args: c.args }),
  };
}

function describeObserved(o: ToolCallEvent, position: number) {
  return {
    tool: o.tool,
    position,
    step: o.step,
    ...(o.agent !== undefined && { agent: o.agent }),
    ...(o.args !== undefined && { args: o.args }),
  };
}

function toFinding(
  issue: TrajectoryIssue,
  expected: readonly ExpectedToolCall[],
  observed: readonly ToolCallEvent[],
  mode: ToolMatchMode,
): FindingData {
  const base = { check: 'tool-trajectory', outcome: 'fail' } as const;
  const e = 'expected' in issue ? (expected[issue.expected] as ExpectedToolCall) : undefined;
  const o = 'observed' in issue ? (observed[issue.observed] as ToolCallEvent) : undefined;
  const exp = e && 'expected' in issue ? { ...describeCall(e, issue.expected), mode } : { mode };
  const obs = o && 'observed' in issue ? describeObserved(o, issue.observed) : undefined;
  const spanIds = o ? [o.spanId] : [];
  const step = o ? { step: o.step } : {};
  switch (issue.kind) {
    case 'missing':
      return { ...base, code: 'tool.missing', expected: exp, observed: null, spanIds };
    case 'unexpected':
      return { ...base, code: 'tool.unexpected', ...step, expected: exp, observed: obs, spanIds };
    case 'order':
      return { ...base, code: 'tool.order', ...step, expected: exp, observed: obs, spanIds };
    case 'args':
      return {
        ...base,
        code: 'tool.args',
        ...step,
        expected: exp,
        observed: { ...obs, mismatch: issue.mismatch },
        spanIds,
      };
  }
}
