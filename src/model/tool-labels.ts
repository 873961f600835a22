import { z } from 'zod';

import { TOOL_MATCH_MODES } from './tool-trajectory.ts';

export {
  type ExpectedToolCall,
  TOOL_MATCH_MODES,
  type ToolMatchMode,
  type ToolTrajectory,
  toTrajectory,
} from './tool-trajectory.ts';

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

export type ToolsInput = z.output<typeof ToolsInput>;
