import { describe, expect, it } from 'vitest';
import { type LiveTurn, liveConversation } from '../../test/fixtures/shadow/live-spans.ts';
import type { Case } from '../model/labelled-case.ts';
import { ShadowConfig } from '../model/shadow-config.ts';
import type { Step } from '../model/step.ts';
import type { TimelineEvent } from '../model/timeline.ts';
import { liveReader } from './live-trace.ts';
import {
  type Candidate,
  type CandidateRun,
  type DraftRequest,
  ShadowEngine,
} from './shadow-engine.ts';

type Policy = (step: Step, index: number) => { from: string; to: string; toPerson?: boolean }[];

/** A candidate that routes each step by `policy`, in memory, answering at once. */
function scripted(policy: Policy): Candidate {
  return {
    name: 'scripted',
    async run(c: Case): Promise<CandidateRun> {
      const events: TimelineEvent[] = [];
      c.steps.forEach((step, k) => {
        events.push({
          kind: 'step',
          step: k,
          at: k * 10,
          end: k * 10 + 9,
          spanId: `s${k}`,
          stepKind: step.kind,
        });
        for (const [i, h] of policy(step, k).entries())
          events.push({ kind: 'handoff', ...h, step: k, at: k * 10 + 1 + i, spanId: `h${k}.${i}` });
      });
      return { ok: true, timeline: { events } };
    },
  };
}

const refundTurns: LiveTurn[] = [
  {
    input: { kind: 'customer', text: 'I want a refund' },
    owner: 'triage',
    handoffs: [{ from: 'triage', to: 'refunds' }],
  },
  {
    input: { kind: 'customer', text: 'it was 750 euro' },
    owner: 'refunds',
    handoffs: [{ from: 'refunds', to: 'supervisor', person: true, reason: 'policy_gate' }],
  },
];
const sound: Policy = (step, k) =>
  step.kind !== 'customer'
    ? []
    : k === 0
      ? [{ from: 'triage', to: 'refunds' }]
      : [{ from: 'refunds', to: 'supervisor' }];
const lenient: Policy = (step, k) =>
  step.kind === 'customer' && k === 0 ? [{ from: 'triage', to: 'refunds' }] : [];

function engine(
  candidate: Candidate,
  config: Record<string, unknown> = {},
  drafts: DraftRequest[] = [],
) {
  let now = 0;
  const parsed = ShadowConfig.parse({ idle_ms: 1_000, ...config });
  const e = new ShadowEngine({
    config: parsed,
    reader: liveReader(parsed.live),
    candidate,
    concurrency: 1,
    now: () => now,
    date: () => new Date(Date.UTC(2026, 11, 1)),
    writeDraft: async (d) => {
      drafts.push(d);
      return `drafts/${d.finished.id}.yaml`;
    },
    suite: { name: 's', file: 'suites/s.yaml', candidate: 'scripted' },
    source: () => 'test',
  });
  return { e, advance: (ms: number) => (now += ms) };
}

function feed(e: ShadowEngine, conversation: string, turns: readonly LiveTurn[]) {
  for (const trace of liveConversation(conversation, turns)) e.receive(trace);
}

describe('the shadow engine', () => {
  it('compares a candidate that agrees, and counts the live metrics', async () => {
    const { e, advance } = engine(scripted(sound));
    feed(e, 'conv-1', refundTurns);
    advance(999);
    e.tick();
    expect(e.report(false).traffic.finished).toBe(0);
    advance(1);
    e.tick();
    await e.idle();
    const r = e.report(true);
    expect(r.traffic).toMatchObject({
      finished: 1,
      compared: 1,
      agreed: 1,
      dropped: 0,
      pending: 0,
    });
    expect(r.agreement).toMatchObject({ count: 1, of: 1 });
    expect(r.metrics.live).toMatchObject({ conversations: 1, handoffs: 2, hops: { max: 2 } });
    expect(r.metrics.live.waits.supervisor).toMatchObject({ person: true, unanswered: 1 });
    expect(r.confusion.counts).toEqual({ refunds: { refunds: 1 }, supervisor: { supervisor: 1 } });
  });

  it('reports a missed escalation, drafts the disagreement and blocks the canary', async () => {
    const drafts: DraftRequest[] = [];
    const { e, advance } = engine(scripted(lenient), {}, drafts);
    feed(e, 'conv-2', refundTurns);
    advance(1_000);
    e.tick();
    await e.idle();
    const r = e.report(true);
    expect(r.escalations).toEqual({ missed: 1, extra: 0, missedIn: ['conv-2'] });
    expect(r.confusion.counts.supervisor).toEqual({ none: 1 });
    expect(r.disagreements.listed).toMatchObject([
      {
        conversation: 'conv-2',
        draft: 'drafts/conv-2.yaml',
        differences: [{ kind: 'missed', escalation: true }],
      },
    ]);
    expect(drafts.map((d) => d.view.inputs.map((i) => i?.kind))).toEqual([
      ['customer', 'customer'],
    ]);
    expect(r.readiness.ready).toBe(false);
    expect(r.readiness.verdict).toMatch(
      /^not ready for a canary: conversations compared 1, needs >= 500; agreement, lower 95% bound 0\.0%/,
    );
  });

  it('counts an escalation only the candidate makes, to a receiver its own handoff marks a person', async () => {
    const live: LiveTurn[] = [
      {
        input: { kind: 'customer', text: 'let me talk to a person' },
        owner: 'triage',
        handoffs: [],
      },
    ];
    const escalates: Policy = (step) =>
      step.kind === 'customer' ? [{ from: 'triage', to: 'supervisor', toPerson: true }] : [];
    const { e, advance } = engine(scripted(escalates));
    feed(e, 'conv-3', live);
    advance(1_000);
    e.tick();
    await e.idle();
    const r = e.report(true);
    expect(r.escalations).toMatchObject({ missed: 0, extra: 1 });
    expect(r.disagreements.listed).toMatchObject([
      { conversation: 'conv-3', differences: [{ kind: 'extra', escalation: true }] },
    ]);
  });

  it('drops and counts finished conversations while the candidate is behind, and never blocks receive', async () => {
    const release: (() => void)[] = [];
    const slow: Candidate = {
      name: 'slow',
      run: (c) =>
        new Promise((resolve) => release.push(() => void scripted(sound).run(c).then(resolve))),
    };
    const { e, advance } = engine(slow, { queue: 2 });
    for (let i = 0; i < 5; i++) feed(e, `c${i}`, refundTurns);
    advance(1_000);
    e.tick();
    expect(e.held).toMatchObject({ running: 1, queued: 2 });
    expect(e.report(false).traffic).toMatchObject({ finished: 5, dropped: 2, pending: 3 });
    while (release.length > 0 || e.held.running > 0) {
      release.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    await e.idle();
    expect(e.report(true).traffic).toMatchObject({ compared: 3, dropped: 2, pending: 0 });
  });

  it('counts a conversation without step inputs as unreplayable and a broken candidate as errored', async () => {
    const broken: Candidate = {
      name: 'broken',
      run: async () => ({ ok: false, message: 'the adapter threw Error: boom' }),
    };
    const { e, advance } = engine(broken);
    feed(e, 'ok', refundTurns);
    const [blind] = liveConversation('blind', refundTurns.slice(0, 1));
    e.receive(
      blind!.map((s) => ({ ...s, attributes: { ...s.attributes, 'baton.step.input': undefined } })),
    );
    advance(1_000);
    e.tick();
    await e.idle();
    const r = e.report(true);
    expect(r.traffic).toMatchObject({ unreplayable: 1, errored: 1, compared: 0 });
    expect(r.problems.map((p) => p.conversation).sort()).toEqual(['blind', 'ok']);
    expect(r.problems.find((p) => p.conversation === 'blind')?.message).toMatch(
      /step 0 .* has no input/,
    );
  });

  it('skips traces with no agent activity: no conversation, no queue place, one count', async () => {
    const { e, advance } = engine(scripted(sound), { queue: 1 });
    for (let i = 0; i < 3; i++)
      e.receive([
        {
          traceId: `${i}`.padStart(32, 'a'),
          spanId: `${i}`.padStart(16, 'b'),
          name: 'GET /healthz',
          start: i,
          end: i + 1,
          attributes: { 'url.path': '/healthz' },
        },
      ]);
    feed(e, 'conv-3', refundTurns);
    advance(10_000);
    e.tick();
    await e.idle();

    const r = e.report(true);

    expect(r.traffic).toMatchObject({ finished: 1, compared: 1, dropped: 0 });
    expect(r.skipped).toEqual({ traces: 3, examples: ['GET /healthz'] });
    expect(r.metrics.live.conversations).toBe(1);
  });

  it('says which entry it assumed when the suite sets none, and uses the one it sets', async () => {
    const assumed = engine(scripted(sound));
    feed(assumed.e, 'conv-4', refundTurns);
    assumed.advance(1_000);
    assumed.e.tick();
    await assumed.e.idle();
    const set = engine(scripted(sound), { entry: 'triage' });
    feed(set.e, 'conv-5', refundTurns);
    set.advance(1_000);
    set.e.tick();
    await set.e.idle();

    expect(assumed.e.report(true).entry).toEqual({ assumed: { triage: 1 }, passedOver: [] });
    expect(set.e.report(true).entry).toEqual({ set: 'triage', assumed: {}, passedOver: [] });
  });
});
