import { isRecord } from './reply.ts';

/** What a model request says about who sent it: its system text and its metadata. */
export interface RequestFacts {
  /** Anthropic `system`, OpenAI system/developer messages and Responses `instructions`, joined. */
  readonly system: string;
  /** `metadata` values as text, plus `user` when the request names one. */
  readonly metadata: Readonly<Record<string, string>>;
}

const NONE: RequestFacts = { system: '', metadata: {} };

/** The facts of a model request body (JSON text); empty when it is not JSON. */
export function requestFacts(body: string): RequestFacts {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return NONE;
  }
  if (!isRecord(json)) return NONE;
  const parts = [...texts(json.system), ...texts(json.instructions)];
  for (const message of Array.isArray(json.messages) ? json.messages : []) {
    if (isRecord(message) && (message.role === 'system' || message.role === 'developer'))
      parts.push(...texts(message.content));
  }
  const metadata: Record<string, string> = {};
  if (isRecord(json.metadata))
    for (const [key, value] of Object.entries(json.metadata))
      if (isScalar(value)) metadata[key] = String(value);
  if (isScalar(json.user)) metadata.user = String(json.user);
  return { system: parts.join('\n'), metadata };
}

/** Text from a string, or from a list of content blocks (`{ type: "text", text }`). */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [];
  return value.flatMap((block) =>
    isRecord(block) && typeof block.text === 'string' ? [block.text] : [],
  );
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
