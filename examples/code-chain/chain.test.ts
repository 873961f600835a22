import type { Envelope, ReceiveOutcome, Step } from 'baton-handoffs';
import { checkEnvelope, contractFor } from 'baton-handoffs';
import { describe, expect, it } from 'vitest';
import {
  type ChainAction,
  type ChainOptions,
  DEFAULT_OPTIONS,
  decide,
  initialChain,
  REBUILT_SANDBOX,
} from './chain.ts';
import { chainContracts } from './contracts.ts';
import { PLAN_PATH } from './envelopes.ts';
import { isTask, planFor } from './plan.ts';
import { negotiator } from './receiver.ts';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const TASK =
  "Add retries to the HTTP client. No new dependencies, and don't touch the auth module.";

const say = (text: string): Step => ({ kind: 'customer', text });
const sandbox = (id: string): Step => ({
  kind: 'tool',
  name: 'sandbox_create',
  ok: true,
  result: { sandbox_id: id },
});
const noSandbox: Step = {
  kind: 'tool',
  name: 'sandbox_create',
  ok: false,
  error: 'quota exceeded',
};
const green: Step = {
  kind: 'tool',
  name: 'run_tests',
  ok: true,
  result: { passed: 42, failed: 0 },
};
const changes = (comment: string): Step => ({
  kind: 'tool',
  name: 'review',
  ok: true,
  result: { verdict: 'changes_requested', comments: [comment] },
});

type Handoff = Extract<ChainAction, { kind: 'handoff' }> & { step: number };

/** Feeds the steps to the chain; returns its handoffs tagged with their step. */
function replay(steps: readonly Step[], options: ChainOptions = DEFAULT_OPTIONS): Handoff[] {
  let state = initialChain('planner');
  const handoffs: Handoff[] = [];
  steps.forEach((step, i) => {
    const d = decide(state, step, options, NOW + i * 1000);
    state = d.state;
    for (const a of d.actions) if (a.kind === 'handoff') handoffs.push({ ...a, step: i });
  });
  return handoffs;
}

const path = (hs: readonly Handoff[]) =>
  hs.map((h) => `${h.from}>${h.to}@${h.step}:${h.envelope.hop}`);
const loop = [
  say(TASK),
  sandbox('sbx-1'),
  green,
  changes('a'),
  green,
  changes('b'),
  green,
  changes('a'),
];

/** Issues of an envelope on its edge, judged at the time it was sent. */
function issues(h: Handoff): string[] {
  const contract = contractFor(chainContracts, h.from, h.to);
  if (!contract) return ['no contract'];
  return checkEnvelope(contract, h.envelope, {
    from: h.from,
    to: h.to,
    now: NOW + h.step * 1000,
  }).map((i) => `${i.rule} ${i.path.join('.')}`);
}

describe('planner', () => {
  it('tells a task from a question and plans what the task says', () => {
    expect(isTask(TASK)).toBe(true);
    expect(isTask('How does the client decide when to give up?')).toBe(false);
    expect(planFor(TASK)).toEqual({
      goal: 'Add retries to the HTTP client.',
      acceptance: ['the test suite passes', 'no new runtime dependencies'],
      outOfScope: ['changes to the auth module'],
      decisions: ['build on the helpers already in the repository'],
      rejected: ['adding a library for it: the task rules out new dependencies'],
    });
  });

  it('hands the plan on only once it has a sandbox, by path and with the sandbox id', () => {
    const [plan] = replay([say(TASK), noSandbox, sandbox('sbx-1')]);

    expect(plan).toMatchObject({ from: 'planner', to: 'coder', step: 2 });
    expect(plan?.envelope).toMatchObject({
      sandbox_id: 'sbx-1',
      artifacts: [PLAN_PATH, '/workspace/repo'],
    });
  });
});

describe('the review loop', () => {
  it('sends work back twice, then to the tech lead with every rejection', () => {
    const handoffs = replay(loop);

    expect(path(handoffs)).toEqual([
      'planner>coder@1:0',
      'coder>reviewer@2:1',
      'reviewer>coder@3:2',
      'coder>reviewer@4:3',
      'reviewer>coder@5:4',
      'coder>reviewer@6:5',
      'reviewer>tech_lead@7:6',
    ]);
    expect(handoffs.at(-1)?.envelope.rejections).toEqual([
      'review round 1: a',
      'review round 2: b',
      'review round 3: a',
    ]);
    expect(handoffs.flatMap(issues)).toEqual([]);
  });

  it('keeps bouncing past the cap when uncapped, and the contract says so', () => {
    const last = replay(loop, { ...DEFAULT_OPTIONS, reviewLoop: 'uncapped' }).at(-1);

    expect(last && path([last])).toEqual(['reviewer>coder@7:6']);
    expect(last && issues(last)).toEqual(['hop.capped hop']);
  });

  it("restarts the count after the tech lead's decision and keeps the original goal", () => {
    const narrow: Step = {
      kind: 'person',
      who: 'tech_lead',
      decision: 'narrow',
      note: 'GET only.',
    };

    const [back, next] = replay([...loop, narrow, green]).slice(-2);

    expect(back?.envelope).toMatchObject({
      hop: 0,
      goal: 'GET only.',
      goal_narrowed: true,
      original_goal: 'Add retries to the HTTP client.',
    });
    expect(next?.envelope).toMatchObject({ hop: 1, goal_narrowed: true });
    expect([back, next].flatMap((h) => (h ? issues(h) : []))).toEqual([]);
  });
});

describe('plan_handoff: inline', () => {
  it('pastes PLAN.md, drops the sandbox id, and the coder drifts into a rebuilt sandbox', () => {
    const [plan, change] = replay([say(TASK), sandbox('sbx-1'), green], {
      ...DEFAULT_OPTIONS,
      planHandoff: 'inline',
    });

    expect(plan && issues(plan)).toEqual([
      'artifacts.by_reference artifacts.0',
      'environment.present sandbox_id',
    ]);
    expect(change?.envelope.sandbox_id).toBe(REBUILT_SANDBOX);
  });
});

describe('negotiator', () => {
  const refusing = () => {
    let sent = 0;
    const receive = async (): Promise<ReceiveOutcome> => {
      sent += 1;
      if (sent > 10) throw new Error('stopped');
      return { accepted: false, reason: `no ${sent}`, fields: ['goal'] };
    };
    return { receive, sent: () => sent };
  };
  const request = (receive: (e: Envelope) => Promise<ReceiveOutcome>) => ({
    from: 'coder',
    to: 'reviewer',
    envelope: {},
    receive,
    hopCap: 3,
  });

  it('stops at the hop cap and hands the task to the tech lead with every reason', async () => {
    const { receive, sent } = refusing();

    expect(await negotiator('capped')(request(receive))).toEqual({
      kind: 'escalated',
      to: 'tech_lead',
      toKind: 'person',
      reasons: ['no 1', 'no 2', 'no 3'],
    });
    expect(sent()).toBe(3);
  });

  it('keeps resending when uncapped', async () => {
    const { receive, sent } = refusing();

    await expect(negotiator('uncapped')(request(receive))).rejects.toThrow('stopped');
    expect(sent()).toBe(11);
  });
});
