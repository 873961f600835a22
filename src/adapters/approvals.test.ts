import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Case } from '../model/labelled-case.ts';
import {
  approvalDecision,
  approverOf,
  approverRules,
  decisionFor,
  NO_APPROVERS,
  rejectionText,
} from './approvals.ts';

const SETTING = 'adapter.options.approvals';

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
  it('takes the suite’s tool → person first, then its one person for every tool', () => {
    const both = { byTool: new Map([['issue_refund', 'manager']]), all: 'supervisor' };
    expect(approverOf('issue_refund', both, testCase(['lead']), 0, SETTING)).toBe('manager');
    expect(approverOf('send_email', both, testCase(['lead']), 0, SETTING)).toBe('supervisor');
  });

  it('else the case’s only person, else whoever decides in the next person step', () => {
    expect(approverOf('issue_refund', NO_APPROVERS, testCase(['lead']), 0, SETTING)).toBe('lead');
    const steps: Case['steps'] = [
      { kind: 'customer', text: 'refund' },
      { kind: 'person', who: 'manager', decision: 'approve' },
      { kind: 'person', who: 'supervisor', decision: 'approve' },
    ];
    expect(
      approverOf(
        'issue_refund',
        NO_APPROVERS,
        testCase(['supervisor', 'manager'], steps),
        0,
        SETTING,
      ),
    ).toBe('manager');
  });

  it('throws naming the tool, the persons and the option to set when nothing names one', () => {
    expect(() =>
      approverOf('issue_refund', NO_APPROVERS, testCase(['a', 'b']), 0, SETTING),
    ).toThrow(
      "Failed to run step 0 of case c1: issue_refund waits for a person's approval (the tool's needsApproval), but the case names several persons (a, b) and no person step follows. Name the approver, adapter.options.approvals: { issue_refund: supervisor }, or list one person in the case's participants.persons.",
    );
    expect(() => approverOf('issue_refund', NO_APPROVERS, testCase([]), 0, SETTING)).toThrow(
      /the case names no person and no person step follows/,
    );
  });
});

describe('approverRules', () => {
  it('reads one name as every tool’s approver, and a map as tool → person', () => {
    expect(approverRules('supervisor')).toEqual({ byTool: new Map(), all: 'supervisor' });
    expect(approverRules({ issue_refund: 'manager' })).toEqual({
      byTool: new Map([['issue_refund', 'manager']]),
    });
    expect(approverRules(undefined)).toEqual(NO_APPROVERS);
  });
});

describe('decisionFor and rejectionText', () => {
  const step = { kind: 'person', who: 'supervisor', decision: 'hold on' } as const;

  it('names every tool waiting once, and the words Baton reads, when the decision is neither', () => {
    expect(() =>
      decisionFor(step, ['issue_refund', 'issue_refund', 'send_voucher'], testCase([]), 2),
    ).toThrow(
      'Failed to run step 2 of case c1: supervisor decides "hold on", but issue_refund, send_voucher waits for supervisor\'s approval',
    );
    expect(decisionFor({ ...step, decision: 'Denied' }, ['issue_refund'], testCase([]), 2)).toEqual(
      { approve: false },
    );
  });

  it('names the file and line of the step when the case came from a file', () => {
    const fromFile: Case = {
      ...testCase([]),
      file: 'cases/c1.yaml',
      positions: { id: 1, steps: [6, 7, 8], handoffs: [], effects: [] },
    };
    expect(() => decisionFor(step, ['issue_refund'], fromFile, 2)).toThrow(
      'Failed to run step 2 of case c1 (cases/c1.yaml:8): supervisor decides "hold on"',
    );
    expect(() =>
      approverOf('issue_refund', NO_APPROVERS, { ...fromFile, persons: [] }, 1, SETTING),
    ).toThrow('Failed to run step 1 of case c1 (cases/c1.yaml:7): issue_refund waits');
  });

  it('tells the model who rejected and why, as a person step reads', () => {
    expect(rejectionText({ ...step, decision: 'reject', note: 'Delivered.' })).toBe(
      'supervisor decided: reject. Note: Delivered.',
    );
    expect(rejectionText({ ...step, decision: 'no' })).toBe('supervisor decided: no.');
  });
});
