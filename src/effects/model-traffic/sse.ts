import { createParser } from 'eventsource-parser';
import { isRecord } from './reply.ts';

/** One server-sent event whose data is JSON (`[DONE]` and other text are kept as `text`). */
export interface SseEvent {
  readonly event?: string;
  readonly data: Record<string, unknown> | undefined;
  readonly text: string;
}

/** The events of a server-sent event stream (`text/event-stream`), in order. */
export function parseSse(body: string): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createParser({
    onEvent: (message) => {
      const data = jsonObject(message.data);
      events.push(
        message.event === undefined
          ? { data, text: message.data }
          : { event: message.event, data, text: message.data },
      );
    },
  });
  // An event is complete at its blank line: a stream cut off inside one never delivered it.
  parser.feed(body);
  return events;
}

/** Does a body look like an event stream when the content type does not say? */
export function looksLikeSse(body: string): boolean {
  return /^(?:\uFEFF)?(?::[^\n]*\n|event:|data:|id:|retry:)/.test(body.trimStart());
}

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
