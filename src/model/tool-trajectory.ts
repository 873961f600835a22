/** A case's expected tool trajectory (`expect.tools`) as the checks read it: no schema here. */

export const TOOL_MATCH_MODES = ['strict', 'unordered', 'subset', 'superset'] as const;

/** How observed tool calls must relate to the expected ones (docs/tools.md). */
export type ToolMatchMode = (typeof TOOL_MATCH_MODES)[number];

/** A call as `expect.tools` writes it: a tool's name, or the tool with its agent and arguments. */
type WrittenCall =
  | string
  | {
      readonly tool: string;
      readonly agent?: string | undefined;
      readonly args?: Record<string, unknown> | undefined;
    };

/** `expect.tools` as the schema reads it. */
export type WrittenTools =
  | 'none'
  | readonly WrittenCall[]
  | { readonly match?: ToolMatchMode | undefined; readonly calls: readonly WrittenCall[] };

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

// Array.isArray does not narrow a readonly array out of a union.
const isList = (x: WrittenTools): x is readonly WrittenCall[] => Array.isArray(x);

/** `expect.tools` as written → the labels, checking each named agent is a participant. */
export function toTrajectory(
  input: WrittenTools | undefined,
  known: ReadonlySet<string>,
  problems: { path: readonly (string | number)[]; message: string }[],
): ToolTrajectory | undefined {
  if (input === undefined) return undefined;
  if (input === 'none') return { match: 'strict', calls: [] };
  const written = isList(input) ? input : input.calls;
  const path = isList(input) ? ['expect', 'tools'] : ['expect', 'tools', 'calls'];
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
  const match = isList(input) ? undefined : input.match;
  return { ...(match !== undefined && { match }), calls };
}
