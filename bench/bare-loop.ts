import { loadPolicy } from '../examples/support-router/policy.ts';
import { decide } from '../examples/support-router/router.ts';
import { initialState } from '../examples/support-router/state.ts';
import type { Case } from '../src/model/labelled-case.ts';
import { policyFile } from './templates.ts';

/**
 * The support router's `decide()` over the cases and nothing else, awaiting each step as the
 * adapter awaits each step's handle(): the routing logic's own cost. Returns the time in ms.
 */
export async function bareLoop(cases: readonly Case[]): Promise<number> {
  const policy = await loadPolicy(policyFile);
  const started = performance.now();
  let handoffs = 0;
  for (const c of cases) {
    let state = initialState(c.entry);
    for (let i = 0; i < c.steps.length; i++) {
      const d = decide(policy, state, c.steps[i]!, i);
      state = d.state;
      handoffs += d.actions.filter((a) => a.kind === 'handoff').length;
      await undefined;
    }
  }
  if (handoffs === 0)
    throw new Error('the bare loop saw no handoffs: the generated cases are wrong');
  return performance.now() - started;
}
