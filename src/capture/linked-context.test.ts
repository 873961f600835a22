import { context, createContextKey, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { createCapture } from './capture.ts';
import { LinkedContext, withActiveSpan } from './linked-context.ts';

// Installs Baton's async-local context manager, as a run does.
createCapture();

const A = createContextKey('a');
const B = createContextKey('b');

describe('LinkedContext', () => {
  it('reads its own value, then its parent’s, and never changes the parent', () => {
    const parent = ROOT_CONTEXT.setValue(A, 1);
    const child = new LinkedContext(parent, B, 2);
    expect(child.getValue(A)).toBe(1);
    expect(child.getValue(B)).toBe(2);
    expect(parent.getValue(B)).toBeUndefined();
    expect(child.setValue(A, 3).getValue(A)).toBe(3);
    expect(child.getValue(A)).toBe(1);
    expect(child.deleteValue(A).getValue(A)).toBeUndefined();
  });

  it('keeps every value however long the chain of contexts made from it grows', () => {
    let ctx = new LinkedContext(ROOT_CONTEXT.setValue(A, 'base'), B, 0);
    for (let i = 1; i <= 200; i++) ctx = ctx.setValue(B, i) as LinkedContext;
    expect(ctx.getValue(B)).toBe(200);
    expect(ctx.getValue(A)).toBe('base');
    expect(ctx.deleteValue(A).getValue(A)).toBeUndefined();
  });

  it('is the active span’s context for the OpenTelemetry API', () => {
    const span = trace.wrapSpanContext({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: 1,
    });
    const ctx = withActiveSpan(ROOT_CONTEXT, span);
    expect(trace.getSpan(ctx)).toBe(span);
    expect(context.with(ctx, () => trace.getActiveSpan())).toBe(span);
  });
});
