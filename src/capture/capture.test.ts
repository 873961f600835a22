import { fc, test } from '@fast-check/vitest';
import { context, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import type { SpanRecord } from '../normalize/span-record.ts';
import { createCapture } from './capture.ts';

const capture = createCapture();

/** A promise and the function that resolves it, to interleave two scopes' work step by step. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

function byName(spans: readonly SpanRecord[]): Map<string, SpanRecord> {
  return new Map(spans.map((s) => [s.name, s]));
}

describe('createCapture', () => {
  it('is the global provider, so spans made with the plain API are captured', () => {
    const scope = capture.open('plain-api', 0);

    context.with(scope.context, () => trace.getTracer('my-app').startSpan('plain').end());
    const spans = scope.close();

    expect(capture.global).toBe(true);
    expect(spans.map((s) => s.name).sort()).toEqual(['baton.case plain-api', 'plain']);
  });

  it('two scopes open at once, with interleaved async work, each get only their own spans', async () => {
    const a = capture.open('case-a', 0);
    const b = capture.open('case-b', 0);
    const aStarted = gate();
    const bStarted = gate();
    const tracer = trace.getTracer('my-app');

    // a1, b1, a2, b2: each scope's second span starts after the other scope's first.
    const workA = context.with(a.context, async () => {
      tracer.startSpan('a1').end();
      aStarted.open();
      await bStarted.wait;
      tracer.startSpan('a2').end();
    });
    const workB = context.with(b.context, async () => {
      await aStarted.wait;
      tracer.startSpan('b1').end();
      bStarted.open();
      await new Promise((resolve) => setTimeout(resolve, 1));
      tracer.startSpan('b2').end();
    });
    await Promise.all([workA, workB]);
    const spansA = a.close();
    const spansB = b.close();

    expect(spansA.map((s) => s.name).sort()).toEqual(['a1', 'a2', 'baton.case case-a']);
    expect(spansB.map((s) => s.name).sort()).toEqual(['b1', 'b2', 'baton.case case-b']);
    expect(new Set(spansA.map((s) => s.traceId)).size).toBe(1);
    expect(spansA[0]?.traceId).not.toBe(spansB[0]?.traceId);
  });

  it('drops spans that end after their scope closed, and never hands them to another scope', () => {
    const first = capture.open('closes-early', 0);
    const straggler = capture.tracer.startSpan('straggler', {}, first.context);
    const closed = first.close();
    const second = capture.open('open-meanwhile', 0);

    straggler.end();
    const later = second.close();

    expect(closed.map((s) => s.name)).toEqual(['baton.case closes-early']);
    expect(later.map((s) => s.name)).toEqual(['baton.case open-meanwhile']);
  });

  it('keeps the parent of nested startActiveSpan spans, across awaits', async () => {
    const scope = capture.open('nested', 0);
    const tracer = trace.getTracer('my-app');

    await context.with(scope.context, () =>
      tracer.startActiveSpan('outer', async (outer) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        tracer.startActiveSpan('inner', (inner) => {
          tracer.startSpan('leaf').end();
          inner.end();
        });
        outer.end();
      }),
    );
    const spans = byName(scope.close());

    const root = spans.get('baton.case nested');
    expect(root?.parentId).toBeUndefined();
    expect(root?.spanId).toBe(scope.root.spanContext().spanId);
    expect(spans.get('outer')?.parentId).toBe(root?.spanId);
    expect(spans.get('inner')?.parentId).toBe(spans.get('outer')?.spanId);
    expect(spans.get('leaf')?.parentId).toBe(spans.get('inner')?.spanId);
  });

  test.prop([
    fc.scheduler(),
    fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 2, maxLength: 5 }),
  ])(
    'any interleaving of concurrent scopes keeps every span, and its parent, in its own scope',
    async (s, spanCounts) => {
      const tracer = trace.getTracer('my-app');
      const scopes = spanCounts.map((count, i) => ({
        id: `case-${i}`,
        count,
        scope: capture.open(`case-${i}`, 0),
      }));
      const work = scopes.map(({ id, count, scope }) =>
        context.with(scope.context, () =>
          tracer.startActiveSpan(`${id} turn`, async (turn) => {
            for (let j = 0; j < count; j++) {
              await s.schedule(Promise.resolve(), `${id} ${j}`);
              tracer.startSpan(`${id} span ${j}`).end();
            }
            turn.end();
          }),
        ),
      );
      await s.waitFor(Promise.all(work));

      for (const { id, count, scope } of scopes) {
        const spans = scope.close();
        const turn = spans.find((x) => x.name === `${id} turn`);
        const own = spans.filter((x) => x.name.startsWith(`${id} span`));

        expect(spans).toHaveLength(count + 2);
        expect(own.map((x) => x.name).sort()).toEqual(
          Array.from({ length: count }, (_, j) => `${id} span ${j}`),
        );
        expect(own.every((x) => x.parentId === turn?.spanId)).toBe(true);
      }
    },
  );
});
