/**
 * The text of a message's content as `baton.handoff.history` records it, the same from every
 * adapter that writes a history (the OpenAI Agents SDK's input items, LangGraph's messages): a
 * string as it is, a list of parts as their texts joined by line breaks, a part as its `text`.
 */
export function historyContentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map(historyContentText).join('\n');
  const part = content as { text?: unknown } | null;
  return typeof part?.text === 'string' ? part.text : '';
}
