import { createTraceState, INVALID_SPAN_CONTEXT, TraceFlags } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { traceHeaders } from './traceparent.ts';

const span = {
  traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
  spanId: '00f067aa0ba902b7',
  traceFlags: TraceFlags.SAMPLED,
};

describe('traceHeaders', () => {
  it('formats a W3C traceparent from the span context', () => {
    expect(traceHeaders(span)).toEqual({
      traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    });
  });

  it('writes flags 00 for an unsampled span and passes tracestate on', () => {
    const headers = traceHeaders({
      ...span,
      traceFlags: TraceFlags.NONE,
      traceState: createTraceState('vendor=abc,baton=1'),
    });

    expect(headers).toEqual({
      traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00',
      tracestate: 'vendor=abc,baton=1',
    });
  });

  it('sends nothing for a missing or invalid span context', () => {
    expect(traceHeaders(undefined)).toEqual({});
    expect(traceHeaders(INVALID_SPAN_CONTEXT)).toEqual({});
  });
});
