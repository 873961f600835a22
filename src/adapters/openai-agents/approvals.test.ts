import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approvalHandoffs, type PendingApproval, pendingApprovals } from './approvals.ts';
import { NO_RULES } from './options.ts';

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
