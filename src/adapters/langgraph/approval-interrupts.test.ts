import { describe, expect, it } from 'vitest';
import { approvalInterrupts, approvalResume } from './approval-interrupts.ts';

const hitl = (id: string, ...names: string[]) => ({
  id,
  value: {
    actionRequests: names.map((name, i) => ({ name, args: { n: i }, description: 'ok?' })),
    reviewConfigs: names.map((actionName) => ({ actionName, allowedDecisions: ['approve'] })),
  },
});

describe('approvalInterrupts', () => {
  it("reads humanInTheLoopMiddleware's requests, and nothing of a person node's own interrupt", () => {
    expect(
      approvalInterrupts([
        hitl('i1', 'issue_refund', 'send_voucher'),
        { id: 'i2', value: { ask: 'approve?' } },
        'plain',
        { id: 'i3', value: { actionRequests: [] } },
      ]),
    ).toEqual([
      {
        id: 'i1',
        calls: [
          { tool: 'issue_refund', arguments: { n: 0 } },
          { tool: 'send_voucher', arguments: { n: 1 } },
        ],
      },
    ]);
  });
});

describe('approvalResume', () => {
  it('answers one interrupt with a decision a request, in order', () => {
    const [one] = approvalInterrupts([hitl('i1', 'issue_refund', 'send_voucher')]);
    expect(approvalResume([one as never], { type: 'approve' })).toEqual({
      decisions: [{ type: 'approve' }, { type: 'approve' }],
    });
  });

  it('answers several by interrupt id', () => {
    const both = approvalInterrupts([hitl('i1', 'issue_refund'), hitl('i2', 'a', 'b')]);
    const reject = { type: 'reject', message: 'no' } as const;
    expect(approvalResume(both, reject)).toEqual({
      i1: { decisions: [reject] },
      i2: { decisions: [reject, reject] },
    });
  });
});
