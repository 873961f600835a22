import { describe, expect, it } from 'vitest';
import { type LiveTurn, liveConversation } from '../../test/fixtures/shadow/live-spans.ts';
import { ShadowConfig } from '../model/shadow-config.ts';
import type { TimelineEvent } from '../model/timeline.ts';
import { liveReader } from './live-trace.ts';
import { type Candidate, ShadowEngine } from './shadow-engine.ts';
import { MAX_LISTED } from './shadow-tally.ts';

const CONVERSATIONS = 10_000;
const EVERY_MS = 20; // a new conversation every 20 ms: 50 a second
const TURN_GAP_MS = 500;
const IDLE_MS = 2_000;

/** Three turns; every tenth conversation the live side also escalates at the second turn. */
function turns(i: number): LiveTurn[] {
  const escalate = i % 10 === 0;
  return [
    {
      input: { kind: 'customer', text: 'refund please' },
      owner: 'triage',
      handoffs: [{ from: 'triage', to: 'refunds' }],
    },
    {
      input: { kind: 'customer', text: 'order A-1' },
      owner: 'refunds',
      handoffs: escalate ? [{ from: 'refunds', to: 'supervisor', person: true }] : [],
    },
    { input: { kind: 'person', who: 'supervisor', decision: 'approve' }, owner: 'refunds' },
  ];
}

/** Routes like the live side's common path and never escalates. */
const candidate: Candidate = {
  name: 'no-escalation',
  async run(c) {
    const events: TimelineEvent[] = [
      { kind: 'step', step: 0, at: 0, end: 9, spanId: 's0', stepKind: 'customer' },
      { kind: 'handoff', from: 'triage', to: 'refunds', step: 0, at: 1, spanId: 'h0' },
    ];
    for (let k = 1; k < c.steps.length; k++)
      events.push({
        kind: 'step',
        step: k,
        at: k * 10,
        end: k * 10 + 9,
        spanId: `s${k}`,
        stepKind: 'customer',
      });
    return { ok: true, timeline: { events } };
  },
};

describe('a long shadow run', () => {
  it('compares 10,000 conversations arriving at a fixed rate in bounded memory', async () => {
    let now = 0;
    const config = ShadowConfig.parse({ idle_ms: IDLE_MS, queue: 64 });
    let drafts = 0;
    const engine = new ShadowEngine({
      config,
      reader: liveReader(config.live),
      candidate,
      concurrency: 4,
      now: () => now,
      date: () => new Date(0),
      writeDraft: async () => `draft-${++drafts}`,
      suite: { name: 'soak', file: 'soak.yaml', candidate: 'no-escalation' },
      source: () => 'fake clock',
    });
    const traces = new Map<number, ReturnType<typeof liveConversation>>();
    const peak = { open: 0, spans: 0, queued: 0 };
    const end = (CONVERSATIONS - 1) * EVERY_MS + 2 * TURN_GAP_MS + IDLE_MS + EVERY_MS;
    for (now = 0; now <= end; now += EVERY_MS) {
      for (let k = 0; k < 3; k++) {
        const t = now - k * TURN_GAP_MS;
        if (t < 0 || t % EVERY_MS !== 0) continue;
        const i = t / EVERY_MS;
        if (i >= CONVERSATIONS) continue;
        if (k === 0) traces.set(i, liveConversation(`conv-${i}`, turns(i)));
        engine.receive(traces.get(i)?.[k] ?? []);
        if (k === 2) traces.delete(i);
      }
      engine.tick();
      const held = engine.held;
      peak.open = Math.max(peak.open, held.open);
      peak.spans = Math.max(peak.spans, held.spans);
      peak.queued = Math.max(peak.queued, held.queued);
      if ((now / EVERY_MS) % 50 === 0) await engine.idle();
    }
    await engine.idle();
    const r = engine.report(true);
    expect(r.traffic).toMatchObject({
      finished: CONVERSATIONS,
      compared: CONVERSATIONS,
      agreed: CONVERSATIONS * 0.9,
      dropped: 0,
      cut: 0,
      lateSpans: 0,
      pending: 0,
    });
    expect(r.escalations.missed).toBe(CONVERSATIONS / 10);
    expect(r.metrics.live.override).toMatchObject({ count: 0, of: CONVERSATIONS / 10 });
    // Open conversations: those started within one conversation's span plus the idle time.
    const bound = Math.ceil((2 * TURN_GAP_MS + IDLE_MS) / EVERY_MS) + 2;
    expect(peak.open).toBeLessThanOrEqual(bound);
    expect(peak.spans).toBeLessThanOrEqual(bound * 12);
    expect(peak.queued).toBeLessThanOrEqual(64);
    expect(engine.held).toEqual({ open: 0, spans: 0, queued: 0, running: 0 });
    expect(r.disagreements.count).toBe(CONVERSATIONS / 10);
    expect(r.disagreements.listed).toHaveLength(MAX_LISTED);
    expect(drafts).toBe(config.max_drafts);
    expect(r.problems).toEqual([]);
  });
});
