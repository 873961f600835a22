import { z } from 'zod';

export const TOOL_MATCH_MODES = ['strict', 'unordered', 'subset', 'superset'] as const;

/** How observed tool calls must relate to the expected ones (docs/tools.md). */
export type ToolMatchMode = (typeof TOOL_MATCH_MODES)[number];

const ToolName = z.string().min(1).describe('The tool’s name as the agent calls it.');

const ToolCallInput = z.union([
  ToolName,
  z.strictObject({
    tool: ToolName,
    agent: z.string().min(1).optional().describe('The agent that must make the call.'),
    args: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Arguments the call must carry (a subset; values compare as text).'),
  }),
]);

/** `expect.tools`: `none`, a list of calls, or `{ match, calls }`. */
export const ToolsInput = z.union([
  z.literal('none').describe('No tool call must happen.'),
  z.array(ToolCallInput).min(1).describe('Calls that must happen (the suite’s default mode).'),
  z.strictObject({
    match: z
      .enum(TOOL_MATCH_MODES)
      .optional()
      .describe('strict | unordered | subset | superset (default: the suite’s, else superset).'),
    calls: z.array(ToolCallInput).describe('The expected calls, in order.'),
  }),
]);

/** A tool call a case expects: the tool, optionally who calls it and a subset of its arguments. */
export interface ExpectedToolCall {
  readonly tool: string;
  readonly agent?: string;
  /** Arguments the call must carry (a subset: other arguments may be present). */
  readonly args?: Readonly<Record<string, unknown>>;
}

/** The tool trajectory a case expects; `match` absent: the suite's default (superset). */
export interface ToolTrajectory {
  readonly match?: ToolMatchMode;
  readonly calls: readonly ExpectedToolCall[];
}

/** `expect.tools` as written → the labels, checking each named agent is a participant. */
export function toTrajectory(
  input: z.output<typeof ToolsInput> | undefined,
  known: ReadonlySet<string>,
  problems: { path: readonly (string | number)[]; message: string }[],
): ToolTrajectory | undefined {
  if (input === undefined) return undefined;
  if (input === 'none') return { match: 'strict', calls: [] };
  const written = Array.isArray(input) ? input : input.calls;
  const path = Array.isArray(input) ? ['expect', 'tools'] : ['expect', 'tools', 'calls'];
  const calls = written.map((c, i): ExpectedToolCall => {
    if (typeof c === 'string') return { tool: c };
    if (c.agent !== undefined && !known.has(c.agent)) {
      problems.push({
        path: [...path, i, 'agent'],
        message: `"${c.agent}" is not a participant (${[...known].join(', ')})`,
      });
    }
    return {
      tool: c.tool,
      ...(c.agent !== undefined && { agent: c.agent }),
      ...(c.args !== undefined && { args: c.args }),
    };
  });
  const match = Array.isArray(input) ? undefined : input.match;
  return { ...(match !== undefined && { match }), calls };
}
