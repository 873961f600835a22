import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { createCapture } from './capture.ts';
import { withActiveSpan } from './linked-context.ts';

const capture = createCapture();

describe("Baton's own spans", () => {
  it('parent the implementation’s spans and record what it sets on them', () => {
    const scope = capture.open('own-spans', 0);
    const step = scope.startSpan('baton.step 0', { 'baton.step.index': 0 }, scope.context);
    context.with(withActiveSpan(scope.context, step), () => {
      trace.getActiveSpan()?.setAttribute('app.note', 'seen');
      trace.getActiveSpan()?.setStatus({ code: SpanStatusCode.ERROR });
      trace.getTracer('my-app').startSpan('child').end();
    });
    step.end();
    step.setAttribute('after.end', true);
    const spans = new Map(scope.close().map((s) => [s.name, s]));

    const root = spans.get('baton.case own-spans');
    const own = spans.get('baton.step 0');
    expect(own?.parentId).toBe(root?.spanId);
    expect(own?.traceId).toBe(root?.traceId);
    expect(own?.attributes).toEqual({ 'baton.step.index': 0, 'app.note': 'seen' });
    expect(own?.status).toBe('error');
    expect(spans.get('child')?.parentId).toBe(own?.spanId);
    expect(own && own.end >= own.start).toBe(true);
  });

  it('are dropped when they end after their scope closed', () => {
    const scope = capture.open('late-own', 0);
    const late = scope.startSpan('baton.step 0', {}, scope.context);
    const spans = scope.close();
    late.end();
    expect(spans.map((s) => s.name)).toEqual(['baton.case late-own']);
  });

  it('have valid, distinct ids in every scope', () => {
    const a = capture.open('a', 0);
    const b = capture.open('b', 0);
    const ids = [a.root.spanContext(), b.root.spanContext()];
    a.close();
    b.close();
    for (const id of ids) expect(trace.isSpanContextValid(id)).toBe(true);
    expect(ids[0]?.traceId).not.toBe(ids[1]?.traceId);
    expect(ids[0]?.spanId).not.toBe(ids[1]?.spanId);
  });
});
