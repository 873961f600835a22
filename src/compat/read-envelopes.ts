import { readFile } from 'node:fs/promises';
import { normalize } from '../normalize/normalize.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
import { rawSpansOf, toSpanRecord } from '../traces/otlp-spans.ts';
import type { Envelope } from './matrix.ts';

/** Which versions an export's resources name, and what to call spans whose resource names none. */
export interface VersionRule {
  readonly attribute: string;
  readonly fallback?: string;
}

/** The version an unversioned resource gets when the source sets no `version`. */
export const UNVERSIONED = 'unversioned';

/** Each OTLP export request in a file: one JSON document, or one per line (a Collector file export). */
function requests(text: string): unknown[] {
  try {
    return [JSON.parse(text)];
  } catch {
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as unknown);
  }
}

function resourceVersion(resource: unknown, attribute: string): string | undefined {
  const list = (resource as { resource?: { attributes?: unknown } } | null)?.resource?.attributes;
  if (!Array.isArray(list)) return undefined;
  const kv = list.find((a) => (a as { key?: unknown })?.key === attribute) as
    | { value?: { stringValue?: unknown } }
    | undefined;
  const v = kv?.value?.stringValue;
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/**
 * The handoff envelopes recorded in OTLP/JSON files, each with the version of the resource
 * (service) whose span recorded it. Handoffs are recognised as in a recorded-traces suite.
 * Throws a plain Error naming the file when it is not JSON.
 */
export async function readEnvelopes(
  files: readonly string[],
  rule: VersionRule,
): Promise<Envelope[]> {
  const spans = new Map<string, SpanRecord[]>();
  const versionOf = new Map<string, string>();
  for (const file of files) {
    let parsed: unknown[];
    try {
      parsed = requests(await readFile(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file} is not OTLP/JSON (${(error as Error).message})`);
    }
    for (const request of parsed) {
      const resources = (request as { resourceSpans?: unknown[] } | null)?.resourceSpans ?? [];
      for (const resource of Array.isArray(resources) ? resources : []) {
        const version = resourceVersion(resource, rule.attribute) ?? rule.fallback ?? UNVERSIONED;
        for (const raw of rawSpansOf({ resourceSpans: [resource] })) {
          const span = toSpanRecord(raw);
          if (!span) continue;
          versionOf.set(span.spanId, version);
          const trace = spans.get(span.traceId);
          if (trace) trace.push(span);
          else spans.set(span.traceId, [span]);
        }
      }
    }
  }
  const envelopes: Envelope[] = [];
  for (const [traceId, trace] of spans) {
    for (const event of normalize(trace).events) {
      if (event.kind !== 'handoff') continue;
      envelopes.push({
        from: event.from,
        fromVersion: versionOf.get(event.spanId) ?? rule.fallback ?? UNVERSIONED,
        to: event.to,
        payload: event.payload,
        at: event.at,
        traceId,
      });
    }
  }
  return envelopes;
}
