import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFile } from '../../test/fixtures/traces/otlp-arbitrary.ts';
import { normalize } from '../normalize/normalize.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
import { readTraces } from './read-traces.ts';

/**
 * Baton's streaming trace reader against a reference written for clarity, not speed: the whole
 * file read at once, split into lines, each line parsed, every span converted by the OTLP rules
 * spelled out below and grouped by trace id. On generated exports (traces interleaved across
 * lines and resources, optional fields missing, every AnyValue kind) both give the same spans
 * and the same normalised timelines.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-read-prop-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

// ---- the reference reader ----

function refValue(v: Record<string, unknown> | undefined): unknown {
  if (v === undefined || v === null) return undefined;
  if ('stringValue' in v) return v.stringValue;
  if ('intValue' in v) {
    const n = Number(v.intValue);
    return Number.isSafeInteger(n) ? n : String(v.intValue);
  }
  if ('doubleValue' in v) return Number(v.doubleValue);
  if ('boolValue' in v) return v.boolValue === true;
  if ('bytesValue' in v) return v.bytesValue;
  if ('arrayValue' in v)
    return ((v.arrayValue as { values?: unknown[] }).values ?? []).map((x) =>
      refValue(x as Record<string, unknown>),
    );
  if ('kvlistValue' in v) {
    const out: Record<string, unknown> = {};
    for (const kv of (v.kvlistValue as { values?: { key: string; value: unknown }[] }).values ?? [])
      out[kv.key] = refValue(kv.value as Record<string, unknown>);
    return out;
  }
  return undefined;
}

/** An attribute as a record keeps it: primitives, arrays of one primitive type, else JSON text. */
function refAttr(v: Record<string, unknown> | undefined): unknown {
  const plain = refValue(v);
  if (plain === undefined || plain === null || typeof plain !== 'object') return plain;
  if (Array.isArray(plain)) {
    const types = new Set(plain.map((x) => typeof x));
    const one = types.size === 1 && ['string', 'number', 'boolean'].includes([...types][0] ?? '');
    if (plain.length === 0 || one) return plain;
  }
  return JSON.stringify(plain);
}

function refSpan(s: Record<string, unknown>): SpanRecord {
  // Whole milliseconds exactly, then the fraction: epoch nanoseconds are beyond a double.
  const ms = (ns: unknown) => {
    if (ns === undefined) return undefined;
    const n = BigInt(String(ns));
    return Number(n / 1_000_000n) + Number(n % 1_000_000n) / 1e6;
  };
  const attributes: Record<string, unknown> = {};
  for (const kv of (s.attributes as { key: string; value: Record<string, unknown> }[]) ?? []) {
    const v = refAttr(kv.value);
    if (v !== undefined) attributes[kv.key] = v;
  }
  const start = ms(s.startTimeUnixNano) as number;
  const code = (s.status as { code?: number } | undefined)?.code;
  return {
    traceId: s.traceId as string,
    spanId: s.spanId as string,
    ...(s.parentSpanId !== undefined && { parentId: s.parentSpanId as string }),
    name: (s.name as string | undefined) ?? '',
    start,
    end: ms(s.endTimeUnixNano) ?? start,
    attributes: attributes as SpanRecord['attributes'],
    ...(code === 2 && { status: 'error' as const }),
    ...(code === 1 && { status: 'ok' as const }),
  };
}

function referenceRead(path: string): Map<string, SpanRecord[]> {
  const traces = new Map<string, SpanRecord[]>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const request = JSON.parse(line) as {
      resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[];
    };
    for (const r of request.resourceSpans)
      for (const scope of r.scopeSpans)
        for (const s of scope.spans) {
          const span = refSpan(s);
          traces.set(span.traceId, [...(traces.get(span.traceId) ?? []), span]);
        }
  }
  return traces;
}

describe('readTraces against a reference reader', () => {
  it('reads the same spans, grouped the same, into the same timelines', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(exportFile, async (content) => {
        const path = join(dir, `f${n++}.jsonl`);
        await writeFile(path, content);
        const expected = referenceRead(path);
        const got = new Map<string, SpanRecord[]>();
        for await (const t of readTraces(path)) {
          expect(t.partial).toBe(false);
          got.set(t.traceId, t.spans);
        }
        expect(new Set(got.keys())).toEqual(new Set(expected.keys()));
        for (const [id, spans] of expected) {
          expect(got.get(id)).toEqual(spans);
          expect(normalize(got.get(id) ?? [])).toEqual(normalize(spans));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('with a short settle window, still yields every span once, late ones flagged partial', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(exportFile, fc.integer({ min: 1, max: 6 }), async (content, settle) => {
        const path = join(dir, `s${n++}.jsonl`);
        await writeFile(path, content);
        const expected = referenceRead(path);
        const got = new Map<string, SpanRecord[]>();
        for await (const t of readTraces(path, { settleSpans: settle })) {
          // A trace seen before comes again only as late spans, which are marked partial.
          if (got.has(t.traceId)) expect(t.partial).toBe(true);
          got.set(t.traceId, [...(got.get(t.traceId) ?? []), ...t.spans]);
        }
        for (const [id, spans] of expected) expect(got.get(id)).toEqual(spans);
      }),
      { numRuns: 100 },
    );
  });
});
