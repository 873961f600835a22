import { isRecord } from './reply.ts';

/**
 * The ids of the tool calls a model request reports as failed: Anthropic `tool_result` blocks
 * with `is_error: true` in its messages. OpenAI's tool messages and `function_call_output` items
 * carry no such flag, so an OpenAI request reports none. A body that never says `is_error` is not
 * parsed.
 */
export function failedToolResults(body: string): string[] {
  if (!body.includes('is_error')) return [];
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return [];
  }
  if (!isRecord(json) || !Array.isArray(json.messages)) return [];
  const ids: string[] = [];
  for (const message of json.messages) {
    if (!isRecord(message) || !Array.isArray(message.content)) continue;
    for (const block of message.content)
      if (
        isRecord(block) &&
        block.type === 'tool_result' &&
        block.is_error === true &&
        typeof block.tool_use_id === 'string'
      )
        ids.push(block.tool_use_id);
  }
  return ids;
}
