import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCapture } from '../../capture/capture.ts';
import { expect_ } from '../../checks/timeline-fixtures.ts';
import type { Case } from '../../model/labelled-case.ts';
import { judgeOneCase } from '../test-support.ts';
import type { HandBuiltOptions } from './fixtures/hand-built-app.ts';
import { timelineLines } from './fixtures/timeline-lines.ts';
import { createLangGraphAdapter } from './langgraph-adapter.ts';

const FIXTURES = resolve('src/adapters/langgraph/fixtures');
const SUITE = join(FIXTURES, 'suite.yaml');
const capture = createCapture();

const refund750: Case = {
  id: 'refund-750',
  title: 'A refund above the limit waits for the supervisor, who approves it',
  source: 'unit test',
  tags: [],
  agents: ['triage', 'refunds'],
  persons: ['supervisor'],
  entry: 'triage',
  steps: [
    { kind: 'customer', text: 'Refund order A-2002, it was 750 euro.' },
    { kind: 'person', who: 'supervisor', decision: 'approve' },
  ],
  labels: {
    handoffs: [
      expect_('triage', 'refunds', 0, { carry: { order_id: 'A-2002' } }),
      expect_('refunds', 'supervisor', 0),
      expect_('supervisor', 'refunds', 1),
    ],
  },
};

const run = (options: HandBuiltOptions & { fixedStart?: boolean }, testCase = refund750) =>
  judgeOneCase(
    createLangGraphAdapter({ path: './hand-built-app.ts', options: { ...options } }, SUITE),
    testCase,
    capture,
  );

const shown = timelineLines;

const handoffs = (result: Awaited<ReturnType<typeof run>>) =>
  (result.timeline ?? []).flatMap((e) => (e.kind === 'handoff' ? [e] : []));

const failing = (result: Awaited<ReturnType<typeof run>>) =>
  result.findings.filter((f) => f.outcome !== 'pass').map((f) => `${f.code} ${f.message}`);

describe('createLangGraphAdapter on a hand-built StateGraph routing with Command({ goto })', () => {
  const expected = [
    '0 turn triage',
    '0 handoff triage>refunds',
    '0 turn refunds',
    '0 ack refunds',
    '0 handoff refunds>supervisor',
    '1 handoff supervisor>refunds',
    '1 turn refunds',
    '1 ack refunds',
  ];

  it('reads each move between participant nodes once, with the activeAgent key set too', async () => {
    const result = await run({ key: 'activeAgent' });

    expect(shown(result.timeline)).toEqual(expected);
    expect(failing(result)).toEqual([]);
  });

  it.each([
    ['under another state key Baton was not told of', { key: 'currentAgent' }],
    ['with no active-agent key at all (the network pattern)', { key: 'none' }],
    ['under a key the app declares (activeAgentKey)', { key: 'currentAgent', declareKey: true }],
  ] as const)('sees the same handoffs %s', async (_, options) => {
    const result = await run(options);

    expect(shown(result.timeline)).toEqual(expected);
    expect(failing(result)).toEqual([]);
  });

  it('hands over what the sender wrote to the state besides its messages as the payload', async () => {
    const result = await run({ key: 'none' });

    expect(handoffs(result)[0]).toMatchObject({
      from: 'triage',
      to: 'refunds',
      payload: { ticket: { order_id: 'A-2002', amount: 750 } },
    });
  });

  it('sees an escalation that keeps the active agent on the sender: the person node took the work', async () => {
    const result = await run({ key: 'activeAgent', quietEscalation: true });

    expect(shown(result.timeline)).toEqual(expected);
    expect(failing(result)).toEqual([]);
  });

  it('passes the work through a node that is no participant: triage → tools → refunds is triage → refunds', async () => {
    const result = await run({ key: 'none', toolNode: true });

    expect(shown(result.timeline)).toEqual(expected);
    expect(result.handoffs.map((h) => `${h.from}>${h.to}`)).toEqual([
      'triage>refunds',
      'refunds>supervisor',
      'supervisor>refunds',
    ]);
  });

  it.each([
    ['an activeAgent change', 'activeAgent'],
    ['the next node running', 'none'],
  ] as const)(
    'keeps the handoff span a node wrote itself (emitHandoff) over %s',
    async (_, key) => {
      const result = await run({ key, emitsHandoff: true });

      const toRefunds = handoffs(result).filter((h) => h.to === 'refunds' && h.step === 0);
      expect(toRefunds).toHaveLength(1);
      expect(toRefunds[0]).toMatchObject({
        reason: 'capability_boundary',
        payload: { order_id: 'A-2002' },
      });
      expect(failing(result)).toEqual([]);
    },
  );

  it('reports a move nobody labelled as handoff.unneeded', async () => {
    const result = await run({ key: 'none' }, { ...refund750, labels: { handoffs: [] } });

    expect(failing(result)).toContain(
      'handoff.unneeded triage → refunds at step 0 was not expected',
    );
  });
});

describe('createLangGraphAdapter on nodes that run side by side in one superstep', () => {
  const fanOut: Case = {
    id: 'fan-out',
    title: 'Triage asks billing and refunds at once; both report to the closer',
    source: 'unit test',
    tags: [],
    agents: ['triage', 'billing', 'refunds', 'closer'],
    persons: [],
    entry: 'triage',
    steps: [{ kind: 'customer', text: 'Order A-3003 was charged twice, refund one.' }],
    labels: {
      handoffs: [
        expect_('triage', 'billing', 0, { carry: { order_id: 'A-3003' } }),
        expect_('triage', 'refunds', 0, { carry: { order_id: 'A-3003' } }),
        expect_('billing', 'closer', 0),
        expect_('refunds', 'closer', 0),
      ],
    },
  };
  const moves = (result: Awaited<ReturnType<typeof run>>) =>
    handoffs(result)
      .map((h) => `${h.from}>${h.to}`)
      .sort();

  it.each(['billing', 'refunds'] as const)(
    'hands the work from triage to each branch and from each branch to the fan-in, whichever finishes last (%s)',
    async (slow) => {
      const result = await run({ fanOut: slow }, fanOut);

      expect(moves(result)).toEqual([
        'billing>closer',
        'refunds>closer',
        'triage>billing',
        'triage>refunds',
      ]);
      expect(failing(result)).toEqual([]);
    },
  );

  it('passes the fan-out labelled in another order than its goto lists it', async () => {
    const [toBilling, toRefunds, ...rest] = fanOut.labels.handoffs;
    const labels = { handoffs: [toRefunds, toBilling, ...rest.reverse()] } as Case['labels'];

    const result = await run({ fanOut: 'refunds' }, { ...fanOut, labels });

    expect(failing(result)).toEqual([]);
  });

  it('never reads one branch as handing the work to the other', async () => {
    const result = await run({ fanOut: 'billing' }, { ...fanOut, labels: { handoffs: [] } });

    const unneeded = failing(result).filter((f) => f.startsWith('handoff.unneeded'));
    expect(unneeded).toHaveLength(4);
    expect(unneeded.join('\n')).not.toMatch(/billing → refunds|refunds → billing/);
  });
});

describe('createLangGraphAdapter: a case’s entry on a hand-built graph', () => {
  const atRefunds: Case = {
    ...refund750,
    id: 'entry-refunds',
    entry: 'refunds',
    entryGiven: true,
    file: join(FIXTURES, 'entry-refunds.yaml'),
    positions: { id: 1, steps: [], handoffs: [], effects: [], entry: 6 },
    steps: [{ kind: 'customer', text: 'Hello, refunds?' }],
    labels: { handoffs: [] },
  };
  const where = `${join('src/adapters/langgraph/fixtures', 'entry-refunds.yaml')}:6`;

  it('starts a graph that routes START by its activeAgent at the entry, by setting it in the first input', async () => {
    const result = await run({ key: 'activeAgent' }, atRefunds);

    expect(result.status).toBe('pass');
    expect(shown(result.timeline)).toEqual(['0 turn refunds']);
  });

  it('starts at the entry under the key the app declares', async () => {
    const result = await run({ key: 'currentAgent', declareKey: true }, atRefunds);

    expect(shown(result.timeline)).toEqual(['0 turn refunds']);
  });

  it('errors a case on a graph that always starts at the same node, before it runs', async () => {
    const result = await run({ fixedStart: true }, atRefunds);

    expect(result.status).toBe('error');
    expect(result.error?.message).toBe(
      `Failed to start case entry-refunds at its entry refunds (${where}): the graph always starts at triage (its only edge from START). Remove \`entry: refunds\` from the case.`,
    );
  });

  it('errors a case whose graph ignores the activeAgent Baton set', async () => {
    const result = await run({ key: 'activeAgent', start: 'triage' }, atRefunds);

    expect(result.error?.message).toBe(
      `Failed to start case entry-refunds at its entry refunds (${where}): Baton set activeAgent: refunds in its first input, but the graph ran triage first, so its START does not route by activeAgent. Route START by state.activeAgent, or remove \`entry: refunds\` from the case.`,
    );
  });

  it('errors a case whose graph has no activeAgent key, naming the key that looks like one', async () => {
    const result = await run({ key: 'currentAgent' }, atRefunds);

    expect(result.error?.message).toBe(
      `Failed to start case entry-refunds at its entry refunds (${where}): the graph ran triage first, and its state has no activeAgent key Baton could set to start it at refunds. Set activeAgentKey in the app to the state key START routes by (its state has currentAgent), or remove \`entry: refunds\` from the case.`,
    );
  });

  it('leaves a case that names no entry where the graph starts', async () => {
    const { entryGiven: _, ...unnamed } = atRefunds;

    const result = await run({ key: 'activeAgent' }, unnamed);

    expect(shown(result.timeline)).toEqual(['0 turn triage']);
  });
});
