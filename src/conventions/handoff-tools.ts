/**
 * The tool names that are handoffs wherever Baton reads a tool call, whatever the source: a
 * `tool_use` in model traffic, a GenAI `execute_tool` span. One definition, so a tool Baton reads
 * as a handoff is never also judged as an ordinary tool call.
 */
export const BUILT_IN_HANDOFF_TOOLS: readonly RegExp[] = [
  /^handoff_to_(.+)$/,
  /^transfer_to_(.+)$/,
];

/** The receiver a built-in handoff tool names (`handoff_to_writer` → `writer`); else undefined. */
export function builtInHandoffReceiver(tool: string): string | undefined {
  for (const pattern of BUILT_IN_HANDOFF_TOOLS) {
    const to = pattern.exec(tool)?.[1];
    if (to !== undefined && to !== '') return to;
  }
  return undefined;
}
