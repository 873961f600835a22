import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Case } from '../../model/labelled-case.ts';
import {
  approvalDecision,
  approvalHandoffs,
  approverOf,
  type PendingApproval,
  pendingApprovals,
} from './approvals.ts';
import { NO_RULES } from './options.ts';

const testCase = (persons: string[], steps: Case['steps'] = []): Case => ({
  id: 'c1',
  title: 'c1',
  source: 'unit test',
  tags: [],
  agents: ['triage', 'refunds'],
  persons,
  entry: 'triage',
  steps,
  labels: { handoffs: [] },
});

describe('approvalDecision', () => {
  it('reads the first word of a decision, whatever its case and what follows it', () => {
    const approving = ['approve', 'approved', 'yes', 'ok', 'granted', 'confirm'];
    const rejecting = ['reject', 'rejected', 'denied', 'no', 'declined', 'refuse'];
    const casing = fc.constantFrom(
      (w: string) => w,
      (w: string) => w.toUpperCase(),
      (w: string) => `${w[0]?.toUpperCase()}${w.slice(1)}`,
    );
    const tail = fc.constantFrom('', '.', '!', ' — loyal customer', ', go ahead', '  ');
    fc.assert(
      fc.property(fc.constantFrom(...approving), casing, tail, (word, cased, rest) => {
        expect(approvalDecision(` ${cased(word)}${rest}`)).toEqual({ approve: true });
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...rejecting), casing, tail, (word, cased, rest) => {
        expect(approvalDecision(`${cased(word)}${rest}`)).toEqual({ approve: false });
      }),
    );
  });

  it('reads nothing from a decision whose first word is neither, even when a later one is', () => {
    expect(approvalDecision('escalate')).toBeUndefined();
    expect(approvalDecision('not approved')).toBeUndefined();
    expect(approvalDecision('maybe, then approve')).toBeUndefined();
    expect(approvalDecision('')).toBeUndefined();
    // A word that only starts like one is another word.
    expect(approvalDecision('nobody')).toBeUndefined();
    expect(approvalDecision('okapi')).toBeUndefined();
  });
});

describe('approverOf', () => {
  const rules = (approvals: (typeof NO_RULES)['approvals']) => ({ ...NO_RULES, approvals });

  it('takes the suite’s tool → person first, then its one person for every tool', () => {
    const both = rules({ byTool: new Map([['issue_refund', 'manager']]), all: 'supervisor' });
    expect(approverOf('issue_refund', both, testCase(['lead']), 0)).toBe('manager');
    expect(approverOf('send_email', both, testCase(['lead']), 0)).toBe('supervisor');
  });

  it('else the case’s only person, else whoever decides in the next person step', () => {
    expect(approverOf('issue_refund', NO_RULES, testCase(['lead']), 0)).toBe('lead');
    const steps: Case['steps'] = [
      { kind: 'customer', text: 'refund' },
      { kind: 'person', who: 'manager', decision: 'approve' },
      { kind: 'person', who: 'supervisor', decision: 'approve' },
    ];
    expect(
      approverOf('issue_refund', NO_RULES, testCase(['supervisor', 'manager'], steps), 0),
    ).toBe('manager');
  });

  it('throws naming the tool, the persons and the option to set when nothing names one', () => {
    expect(() => approverOf('issue_refund', NO_RULES, testCase(['a', 'b']), 0)).toThrow(
      "Failed to run step 0 of case c1: issue_refund waits for a person's approval (the tool's needsApproval), but the case names several persons (a, b) and no person step follows. Name the approver in the suite, adapter.options.approvals: { issue_refund: supervisor }, or list one person in the case's participants.persons.",
    );
    expect(() => approverOf('issue_refund', NO_RULES, testCase([]), 0)).toThrow(
      /the case names no person and no person step follows/,
    );
  });
});

describe('approvalHandoffs', () => {
  const item = (name: string, args: object, agent = 'refunds') => ({
    name,
    arguments: JSON.stringify(args),
    agent: { name: agent },
  });

  it('makes one handoff from each asking agent to each approver, listing the calls it waits on', () => {
    const approvers = new Map([
      ['issue_refund', 'supervisor'],
      ['send_voucher', 'supervisor'],
      ['close_account', 'compliance'],
    ]);
    const pending = pendingApprovals(
      [
        item('issue_refund', { order_id: 'A-1', amount: 700 }),
        item('send_voucher', { order_id: 'A-1' }),
        item('close_account', { customer: 'c-9' }),
      ],
      NO_RULES,
      (tool) => approvers.get(tool) as string,
    );

    const spans = approvalHandoffs(pending, 3);

    expect(
      spans.map((s) => [s.name, JSON.parse(String(s.attributes['baton.handoff.payload']))]),
    ).toEqual([
      [
        'handoff refunds -> supervisor (approval of issue_refund, send_voucher)',
        {
          approvals: [
            { tool: 'issue_refund', arguments: { order_id: 'A-1', amount: 700 } },
            { tool: 'send_voucher', arguments: { order_id: 'A-1' } },
          ],
        },
      ],
      [
        'handoff refunds -> compliance (approval of close_account)',
        { approvals: [{ tool: 'close_account', arguments: { customer: 'c-9' } }] },
      ],
    ]);
    expect(spans[0]?.attributes).toMatchObject({
      'baton.handoff.from': 'refunds',
      'baton.handoff.to': 'supervisor',
      'baton.handoff.target_kind': 'person',
    });
  });

  it('every call waiting is in exactly one handoff, to its own approver', () => {
    const names = fc.constantFrom('issue_refund', 'send_voucher', 'close_account');
    const people = fc.constantFrom('supervisor', 'manager');
    const agents = fc.constantFrom('refunds', 'billing');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(names, agents, people, fc.nat(1000)), { maxLength: 8 }),
        (calls) => {
          const pending: PendingApproval[] = calls.map(([tool, agent, approver, n]) => ({
            item: item(tool, { n }, agent),
            tool,
            agent,
            approver,
          }));
          const spans = approvalHandoffs(pending, 0);
          const listed = spans.flatMap((s) => {
            const { approvals } = JSON.parse(String(s.attributes['baton.handoff.payload'])) as {
              approvals: { tool: string; arguments: { n: number } }[];
            };
            return approvals.map(
              (a) =>
                `${s.attributes['baton.handoff.from']}:${s.attributes['baton.handoff.to']}:${a.tool}:${a.arguments.n}`,
            );
          });
          expect(listed.sort()).toEqual(
            calls.map(([tool, agent, approver, n]) => `${agent}:${approver}:${tool}:${n}`).sort(),
          );
          expect(new Set(spans.map((s) => s.name.split(' (')[0])).size).toBe(spans.length);
        },
      ),
    );
  });
});
