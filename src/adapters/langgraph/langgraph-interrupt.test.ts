import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCapture } from '../../capture/capture.ts';
import { expect_ } from '../../checks/timeline-fixtures.ts';
import type { Case } from '../../model/labelled-case.ts';
import { judgeOneCase } from '../test-support.ts';
import { timelineLines } from './fixtures/timeline-lines.ts';
import { createLangGraphAdapter } from './langgraph-adapter.ts';

const SUITE = join(resolve('src/adapters/langgraph/fixtures'), 'suite.yaml');
const capture = createCapture();

const escalation = (steps: Case['steps']): Case => ({
  id: 'refund-750',
  title: 'A refund above the limit waits for the supervisor',
  source: 'unit test',
  tags: [],
  agents: ['triage', 'refunds'],
  persons: ['supervisor'],
  entry: 'triage',
  steps,
  labels: {
    handoffs: [
      expect_('triage', 'refunds', 0),
      expect_('refunds', 'supervisor', 0, { carry: { order_id: 'A-2002', amount: 750 } }),
    ],
  },
});

const run = (testCase: Case) =>
  judgeOneCase(
    createLangGraphAdapter({ path: './escalating-app.ts', options: {} }, SUITE),
    testCase,
    capture,
  );

const shown = timelineLines;

describe('createLangGraphAdapter: a transfer tool that waits in interrupt() for a person', () => {
  it('is a handoff at the step it was made, and its return brings the work back when the person decides', async () => {
    const result = await run(
      escalation([
        { kind: 'customer', text: 'Refund order A-2002, it never arrived.' },
        { kind: 'person', who: 'supervisor', decision: 'approve' },
      ]),
    );

    expect(shown(result.timeline)).toEqual([
      '0 turn triage',
      '0 handoff triage>refunds',
      '0 turn refunds',
      '0 ack refunds',
      '0 handoff refunds>supervisor',
      '1 turn refunds',
      '1 return supervisor>refunds',
      '1 tool issue_refund',
    ]);
    expect(result.findings.filter((f) => f.outcome !== 'pass')).toEqual([]);
    expect(result.handoffs.find((h) => h.to === 'supervisor')).toMatchObject({
      from: 'refunds',
      step: 0,
      reason: 'policy_gate',
    });
  });

  it('is on time when the case ends while the person still holds the work', async () => {
    const result = await run(
      escalation([{ kind: 'customer', text: 'Refund order A-2002, it never arrived.' }]),
    );

    expect(result.status).toBe('pass');
    expect(shown(result.timeline).at(-1)).toBe('0 handoff refunds>supervisor');
  });
});
