import { anthropicMessage, anthropicStream } from './anthropic.ts';
import { chatCompletion, chatStream } from './openai-chat.ts';
import { responseObject, responsesStream } from './openai-responses.ts';
import type { ModelReply } from './reply.ts';
import { looksLikeSse, parseSse } from './sse.ts';

/**
 * The tool calls in a model API response body, told apart by shape rather than by URL (so a
 * proxy or a gateway in front of the API is read the same way): an Anthropic Messages
 * response, an OpenAI Chat Completions or Responses API response, as JSON or as a server-sent
 * event stream. Undefined when the body is none of these.
 */
export function parseModelReply(body: string, contentType: string | null): ModelReply | undefined {
  const type = contentType?.toLowerCase() ?? '';
  if (type.includes('text/event-stream') || (!type.includes('json') && looksLikeSse(body))) {
    const events = parseSse(body);
    return anthropicStream(events) ?? chatStream(events) ?? responsesStream(events);
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  return anthropicMessage(json) ?? chatCompletion(json) ?? responseObject(json);
}
