import { describe, expect, it } from 'vitest';
import type { Case } from '../model/labelled-case.ts';
import { unreachableFault } from './unreachable-fault.ts';

const base: Case = {
  id: 'c',
  title: 'c',
  source: 'unit test',
  tags: [],
  agents: ['triage', 'refunds'],
  persons: [],
  entry: 'triage',
  steps: [{ kind: 'customer', text: 'hi' }],
  labels: { handoffs: [] },
  file: 'cases/c.yaml',
  positions: { id: 1, steps: [3], handoffs: [], effects: [], faults: 7 },
};

describe('unreachableFault', () => {
  it("names the case's delivery fault, its line and the fix", () => {
    const error = unreachableFault({ ...base, faults: [{ fault: 'permute' }] }, 'openai-agents');
    expect(error?.code).toBe('case.fault_unreachable');
    expect(error?.message).toMatch(
      /^cases\/c\.yaml:7: expected a fault the openai-agents adapter applies, received permute: .* Fix: remove the fault/,
    );
  });

  it('leaves alone a case without faults, or with only faults at effect endpoints', () => {
    expect(unreachableFault(base, 'langgraph')).toBeUndefined();
    const endpoint = { fault: 'http_error', endpoint: 'refund', status: 503, times: 1 } as const;
    expect(unreachableFault({ ...base, faults: [endpoint] }, 'langgraph')).toBeUndefined();
  });
});
