import { parseJson } from './attrs.ts';

/** A payload as sent (JSON parsed when it is JSON) and its size in UTF-8 bytes. */
export function readPayload(
  raw: unknown,
  declaredSize: number | undefined,
): { payload?: unknown; payloadSize?: number } {
  if (raw === undefined) return declaredSize === undefined ? {} : { payloadSize: declaredSize };
  const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
  return {
    payload: typeof raw === 'string' ? parseJson(raw) : raw,
    payloadSize: declaredSize ?? Buffer.byteLength(text),
  };
}
