import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// ---- generated exports ----

const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));
const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('invoke_agent', 'Triage'));
const leaf = fc.oneof(
  text.map((v) => ({ stringValue: v })),
  fc.integer().map((v) => ({ intValue: String(v) })),
  fc.integer({ min: -1000, max: 1000 }).map((v) => ({ intValue: v })),
  fc.constant({ intValue: '98765432109876543210' }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => ({ doubleValue: v })),
  fc.boolean().map((v) => ({ boolValue: v })),
  fc.base64String({ maxLength: 8 }).map((v) => ({ bytesValue: v })),
  fc.constant({}),
);
const anyValue = fc.oneof(
  { weight: 4, arbitrary: leaf },
  fc.array(leaf, { maxLength: 3 }).map((values) => ({ arrayValue: { values } })),
  fc
    .array(fc.record({ key: text, value: leaf }), { maxLength: 3 })
    .map((values) => ({ kvlistValue: { values } })),
);
const attrKey = fc.constantFrom(
  'gen_ai.operation.name',
  'gen_ai.agent.name',
  'gen_ai.tool.name',
  'gen_ai.conversation.id',
  'baton.event',
  'x',
  'y',
);

/** One trace: a root and children whose parents are earlier spans; optional fields at random. */
const traceSpans = fc
  .tuple(
    hex(32).filter((id) => !/^0+$/.test(id)),
    fc.array(
      fc.record(
        {
          name: fc.constantFrom('invoke_agent Triage', 'execute_tool transfer_to_Billing', 'x'),
          at: fc.integer({ min: 0, max: 10_000 }),
          length: fc.integer({ min: 0, max: 500 }),
          attributes: fc.array(fc.record({ key: attrKey, value: anyValue }), { maxLength: 4 }),
          status: fc.constantFrom(undefined, {}, { code: 1 }, { code: 2 }),
          parent: fc.nat(),
        },
        { requiredKeys: ['at', 'parent'] },
      ),
      { minLength: 1, maxLength: 6 },
    ),
  )
  .map(([traceId, specs]) =>
    specs.map((s, i) => {
      const spanId = `${i.toString(16).padStart(4, '0')}${traceId.slice(0, 12)}`;
      const parent = i === 0 ? undefined : s.parent % i;
      const start = 1_750_000_000_000 + s.at;
      return {
        traceId,
        spanId,
        ...(parent !== undefined && {
          parentSpanId: `${parent.toString(16).padStart(4, '0')}${traceId.slice(0, 12)}`,
        }),
        ...(s.name !== undefined && { name: s.name }),
        startTimeUnixNano: `${start}000000`,
        ...(s.length !== undefined && { endTimeUnixNano: `${start + s.length}000123` }),
        ...(s.attributes !== undefined && { attributes: s.attributes }),
        ...(s.status !== undefined && { status: s.status }),
      };
    }),
  );

/** Traces with distinct ids, their spans shuffled together and cut into export lines. */
const exportFile = fc
  .uniqueArray(traceSpans, { minLength: 1, maxLength: 8, selector: (t) => t[0]?.traceId })
  .chain((traces) => {
    const spans = traces.flat();
    return fc.tuple(
      fc.shuffledSubarray(spans, { minLength: spans.length, maxLength: spans.length }),
      fc.array(fc.integer({ min: 1, max: 5 }), {
        minLength: spans.length,
        maxLength: spans.length,
      }),
    );
  })
  .map(([spans, cuts]) => {
    const lines: string[] = [];
    for (let i = 0, k = 0; i < spans.length; k++) {
      const batch = spans.slice(i, i + (cuts[k] ?? 1));
      i += batch.length;
      // Two resources a line when it can: grouping by resource must not change a trace.
      const half = Math.ceil(batch.length / 2);
      const resourceSpans = [batch.slice(0, half), batch.slice(half)]
        .filter((b) => b.length > 0)
        .map((b, r) => ({
          resource: { attributes: [{ key: 'service.name', value: { stringValue: `s${r}` } }] },
          scopeSpans: [{ scope: { name: 'gen' }, spans: b }],
        }));
      lines.push(JSON.stringify({ resourceSpans }));
    }
    return `${lines.join('\n')}\n`;
  });

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
