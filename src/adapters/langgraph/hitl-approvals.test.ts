import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCapture } from '../../capture/capture.ts';
import { expect_ } from '../../checks/timeline-fixtures.ts';
import type { Case } from '../../model/labelled-case.ts';
import type { Step } from '../../model/step.ts';
import { judgeOneCase } from '../test-support.ts';
import { timelineLines } from './fixtures/timeline-lines.ts';
import { createLangGraphAdapter } from './langgraph-adapter.ts';

// LangChain's humanInTheLoopMiddleware inside a createAgent swarm member, on the real packages:
// the stop for approval is a handoff to the person, whose person step resumes the graph with
// a decision on the call (the middleware's `{ decisions }`), handing the work back.
const SUITE = join(resolve('src/adapters/langgraph/fixtures'), 'suite.yaml');
const capture = createCapture();

const refund = { toolCalls: [{ name: 'issue_refund', args: { order_id: 'A-2002', amount: 750 } }] };
const customer: Step = { kind: 'customer', text: 'Refund order A-2002, 750 euro.' };
const decides = (decision: string, who = 'supervisor'): Step => ({
  kind: 'person',
  who,
  decision,
  note: 'checked',
});

function refundCase(id: string, steps: Case['steps'], persons = ['supervisor']): Case {
  return {
    id,
    title: id,
    source: 'unit test',
    tags: [],
    agents: ['triage', 'refunds'],
    persons,
    entry: 'triage',
    steps,
    labels: {
      handoffs: [
        expect_('triage', 'refunds', 0),
        expect_('refunds', persons[0] as string, 0, {
          carry: { order_id: 'A-2002', amount: 750 },
        }),
        ...(steps.length > 1 ? [expect_(persons[0] as string, 'refunds', 1)] : []),
      ],
    },
  };
}

function run(testCase: Case, scripts: Record<string, unknown[]>, approvals?: unknown) {
  const paid: string[] = [];
  const options = { paid, scripts, ...(approvals !== undefined && { approvals }) };
  const adapter = createLangGraphAdapter({ path: './approving-app.ts', options }, SUITE);
  return judgeOneCase(adapter, testCase, capture).then((result) => ({ result, paid }));
}

describe('createLangGraphAdapter: humanInTheLoopMiddleware stops a call for approval', () => {
  it('hands the work to the person, and the approval resumes the graph: the refund is paid once, at that step', async () => {
    const { result, paid } = await run(refundCase('approved', [customer, decides('approve')]), {
      approved: [refund, 'Refunded A-2002.'],
    });

    expect(result.error).toBeUndefined();
    expect(timelineLines(result.timeline)).toEqual([
      '0 turn triage',
      '0 handoff triage>refunds',
      '0 turn refunds',
      '0 ack refunds',
      '0 handoff refunds>supervisor',
      '1 handoff supervisor>refunds',
      '1 turn refunds',
      '1 tool issue_refund',
    ]);
    expect(result.findings.filter((f) => f.outcome !== 'pass')).toEqual([]);
    expect(paid).toEqual(['A-2002:750']);
    const back = result.handoffs.find((h) => h.from === 'supervisor');
    expect(back).toMatchObject({ to: 'refunds', step: 1, reason: 'person_decision' });
  });

  it('a rejection resumes it with the call refused: nothing is paid, the case still passes its labels', async () => {
    const { result, paid } = await run(refundCase('rejected', [customer, decides('Denied')]), {
      rejected: [refund, 'Sorry, the supervisor declined.'],
    });

    expect(result.error).toBeUndefined();
    expect(paid).toEqual([]);
    expect(result.status).toBe('pass');
    expect(timelineLines(result.timeline)).not.toContain('1 tool issue_refund');
  });

  it('a case that ends while the call waits leaves the work with the person, unpaid', async () => {
    const { result, paid } = await run(refundCase('waiting', [customer]), { waiting: [refund] });

    expect(result.status).toBe('pass');
    expect(paid).toEqual([]);
    expect(timelineLines(result.timeline).at(-1)).toBe('0 handoff refunds>supervisor');
  });

  it("takes the approver from the app's approvals when the case names several persons", async () => {
    const { result, paid } = await run(
      refundCase('routed', [customer, decides('yes', 'manager')], ['manager', 'supervisor']),
      { routed: [refund, 'Refunded.'] },
      { issue_refund: 'manager' },
    );

    expect(result.findings.filter((f) => f.outcome !== 'pass')).toEqual([]);
    expect(paid).toEqual(['A-2002:750']);
  });

  it('a decision that neither approves nor rejects errors the case, naming the words it takes', async () => {
    const { result, paid } = await run(refundCase('unclear', [customer, decides('later')]), {
      unclear: [refund],
    });

    expect(result.status).toBe('error');
    expect(result.error?.message).toContain(
      'supervisor decides "later", but issue_refund waits for supervisor\'s approval',
    );
    expect(paid).toEqual([]);
  });
});
