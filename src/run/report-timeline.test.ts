import { describe, expect, it } from 'vitest';
import { normalize } from '../normalize/normalize.ts';
import { spanRecord } from '../normalize/span-fixtures.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
import { MAX_PAYLOAD_TEXT, reportTimeline } from './report-timeline.ts';

function handoffSpan(attributes: SpanRecord['attributes']): SpanRecord {
  return spanRecord('h', 5, {
    'baton.event': 'handoff',
    'baton.handoff.from': 'triage',
    'baton.handoff.to': 'refunds',
    ...attributes,
  });
}

describe('reportTimeline', () => {
  it('cuts a long history like a long payload, and keeps the rest of the handoff', () => {
    const history = Array.from({ length: 200 }, (_, i) => ({
      role: 'user',
      content: `message ${i}`,
    }));
    const span = handoffSpan({
      'baton.handoff.payload': '{"reason":"capability_boundary"}',
      'baton.handoff.history': JSON.stringify(history),
    });

    const [event] = reportTimeline(normalize([span]).events).timeline;

    expect(event).toMatchObject({
      kind: 'handoff',
      reason: 'capability_boundary',
      payload: { reason: 'capability_boundary' },
      truncated: true,
    });
    const cut = (event as { history?: unknown }).history as string;
    expect(cut).toHaveLength(MAX_PAYLOAD_TEXT);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('leaves a short history as it was', () => {
    const history = [{ role: 'user', content: 'Order A-1001' }];
    const span = handoffSpan({ 'baton.handoff.history': JSON.stringify(history) });

    const [event] = reportTimeline(normalize([span]).events).timeline;

    expect(event).toMatchObject({ history });
    expect(event).not.toHaveProperty('truncated');
  });
});
