import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCapture } from '../../capture/capture.ts';
import type { Case } from '../../model/labelled-case.ts';
import type { Step } from '../../model/step.ts';
import { normalize } from '../../normalize/normalize.ts';
import { judgeOneCase } from '../test-support.ts';
import { deskCase, runInScope } from './fixtures/run-in-scope.ts';
import { createOpenAiAgentsAdapter } from './openai-agents-adapter.ts';
import { call, handoffTo, type Script, say } from './scripted-reply.ts';

// Tools that need a person's approval (`needsApproval`), on the real @openai/agents driven
// offline by Baton's scripted model: the run stops, the work goes to the person, and the person
// step approves or rejects the call and resumes the run.
const SUITE = join(resolve('src/adapters/openai-agents/fixtures/apps'), 'suite.yaml');

const bigRefund: Script['steps'][number] = [
  handoffTo('triage', 'refunds', { order_id: 'A-2', amount: 750 }),
  call('refunds', 'issue_refund', { order_id: 'A-2', amount: 750 }),
];

function approvalDesk(scripts: Record<string, Script>, more: Record<string, unknown> = {}) {
  const paid: string[] = [];
  const adapter = createOpenAiAgentsAdapter(
    { path: './approval-app.ts', options: { scripts, paid, ...more } },
    SUITE,
  );
  return { adapter, paid };
}

const customer: Step = { kind: 'customer', text: 'Order A-2 broke, refund my 750 euro.' };
const person = (decision: string, who = 'supervisor', note?: string): Step => ({
  kind: 'person',
  who,
  decision,
  ...(note !== undefined && { note }),
});

async function timeline(
  desk: ReturnType<typeof approvalDesk>,
  testCase: Case,
): Promise<{ events: ReturnType<typeof normalize>['events']; error?: unknown }> {
  await desk.adapter.setup?.();
  const run = await runInScope(desk.adapter, testCase).finally(() => desk.adapter.teardown?.());
  return { events: normalize(run.spans).events, error: run.error };
}

const handoffsOf = (events: ReturnType<typeof normalize>['events']) =>
  events.flatMap((e) => (e.kind === 'handoff' ? [`${e.from}→${e.to}@${e.step}`] : []));

describe('the openai-agents adapter with tools that need approval', () => {
  it('hands the work to the approver when the run stops, and the approval resumes the run', async () => {
    const desk = approvalDesk({
      approved: { steps: [bigRefund, [say('refunds', 'Approved and refunded.')]] },
    });

    const { events, error } = await timeline(
      desk,
      deskCase('approved', [customer, person('Approved.')]),
    );

    expect(error).toBeUndefined();
    expect(handoffsOf(events)).toEqual([
      'triage→refunds@0',
      'refunds→supervisor@0',
      'supervisor→refunds@1',
    ]);
    const asked = events.find((e) => e.kind === 'handoff' && e.to === 'supervisor');
    expect(asked).toMatchObject({
      toPerson: true,
      payload: {
        approvals: [{ tool: 'issue_refund', arguments: { order_id: 'A-2', amount: 750 } }],
      },
    });
    // The refund runs once, after the approval, by refunds.
    expect(desk.paid).toEqual(['A-2:750']);
    expect(events.filter((e) => e.kind === 'tool_call')).toMatchObject([
      { step: 1, agent: 'refunds', tool: 'issue_refund' },
    ]);
  });

  it('a rejection resumes the run with the call refused: nothing is paid', async () => {
    const desk = approvalDesk({
      rejected: { steps: [bigRefund, [say('refunds', 'Sorry, not approved.')]] },
    });

    const { events, error } = await timeline(
      desk,
      deskCase('rejected', [customer, person('reject', 'supervisor', 'Delivered per courier.')]),
    );

    expect(error).toBeUndefined();
    expect(desk.paid).toEqual([]);
    expect(handoffsOf(events)).toEqual([
      'triage→refunds@0',
      'refunds→supervisor@0',
      'supervisor→refunds@1',
    ]);
    const refused = events.find((e) => e.kind === 'tool_call');
    expect(refused).toMatchObject({ step: 1, tool: 'issue_refund', outcome: 'error' });
  });

  it('a case that ends while the call waits leaves the work with the approver, unpaid', async () => {
    const desk = approvalDesk({ waiting: { steps: [bigRefund] } });

    const { events, error } = await timeline(desk, deskCase('waiting', [customer]));

    expect(error).toBeUndefined();
    expect(handoffsOf(events)).toEqual(['triage→refunds@0', 'refunds→supervisor@0']);
    expect(desk.paid).toEqual([]);
  });

  it('a customer step while the call waits goes on from the conversation: the call is never decided', async () => {
    const desk = approvalDesk({
      moved_on: { steps: [bigRefund, [say('refunds', 'Still waiting on approval.')]] },
    });

    const { events, error } = await timeline(
      desk,
      deskCase('moved_on', [customer, { kind: 'customer', text: 'Any news?' }]),
    );

    expect(error).toBeUndefined();
    expect(desk.paid).toEqual([]);
    expect(handoffsOf(events)).toEqual(['triage→refunds@0', 'refunds→supervisor@0']);
  });

  it('a step that runs no turn leaves the call waiting for the approver’s later decision', async () => {
    const desk = approvalDesk({
      later: { steps: [bigRefund, undefined, [say('refunds', 'Approved and refunded.')]] },
    });

    const { events, error } = await timeline(
      desk,
      deskCase('later', [customer, { kind: 'customer', text: '(typing…)' }, person('approve')]),
    );

    expect(error).toBeUndefined();
    expect(desk.paid).toEqual(['A-2:750']);
    expect(handoffsOf(events)).toEqual([
      'triage→refunds@0',
      'refunds→supervisor@0',
      'supervisor→refunds@2',
    ]);
  });

  it('takes the approver from adapter.options.approvals when the case names several persons', async () => {
    const desk = approvalDesk(
      { routed: { steps: [bigRefund, [say('refunds', 'Approved.')]] } },
      { approvals: { issue_refund: 'manager' } },
    );
    const testCase = {
      ...deskCase('routed', [customer, person('yes', 'manager')]),
      persons: ['supervisor', 'manager'],
    };

    const { events, error } = await timeline(desk, testCase);

    expect(error).toBeUndefined();
    expect(handoffsOf(events)).toEqual([
      'triage→refunds@0',
      'refunds→manager@0',
      'manager→refunds@1',
    ]);
    expect(desk.paid).toEqual(['A-2:750']);
  });

  it('a decision that neither approves nor rejects errors the case, naming the words it takes', async () => {
    const desk = approvalDesk({ unclear: { steps: [bigRefund, []] } });

    const result = await judgeOneCase(
      desk.adapter,
      deskCase('unclear', [customer, person('let me think')]),
      createCapture(),
    );

    expect(result.status).toBe('error');
    expect(result.error?.message).toBe(
      'Failed to run step 1 of case unclear: supervisor decides "let me think", but issue_refund waits for supervisor\'s approval and Baton reads only approve or reject there. Write decision: approve (or approved, yes, ok) or decision: reject (or rejected, denied, no); a note goes with it.',
    );
    expect(desk.paid).toEqual([]);
  });

  it('judges the approved case as a team labels it: it passes', async () => {
    const desk = approvalDesk({
      labelled: { steps: [bigRefund, [say('refunds', 'Approved and refunded.')]] },
    });
    const handoff = (from: string, to: string, at: number) => ({
      from,
      to,
      window: [at, at] as const,
      alternatives: [],
      carry: {},
    });

    const result = await judgeOneCase(
      desk.adapter,
      {
        ...deskCase('labelled', [customer, person('approve')]),
        labels: {
          handoffs: [
            handoff('triage', 'refunds', 0),
            { ...handoff('refunds', 'supervisor', 0), carry: { order_id: 'A-2', amount: 750 } },
            handoff('supervisor', 'refunds', 1),
          ],
        },
      },
      createCapture(),
    );

    expect(result.findings.filter((f) => f.outcome !== 'pass')).toEqual([]);
    expect(result.status).toBe('pass');
  });
});
