/** `baton/adapter.ts` as `baton init` writes it: a typed module adapter to fill in. */
export const ADAPTER_TEMPLATE = `import { defineImplementation, emitHandoff, type Step, withAgentTurn } from 'baton-handoffs';

/**
 * The module Baton drives (adapter: { type: module } in suite.yaml): one session per case, one
 * handle() call per step. Call your own agents where route() stands, and report each handoff
 * with emitHandoff(), inside withAgentTurn() for the agent that owns the work: Baton judges
 * every case from those spans.
 */
export default defineImplementation((_options, _context) => ({
  startCase(info) {
    // info: the case id, its entry agent, agents, persons, repeat and abort signal (never its labels).
    let owner = info.entry;
    return {
      handle(step: Step) {
        if (step.kind !== 'customer') return;
        withAgentTurn(owner, () => {
          const next = route(step.text);
          if (next === undefined || next.to === owner) return;
          emitHandoff({ from: owner, to: next.to, reason: next.reason });
          owner = next.to;
        });
      },
    };
  },
}));

/** Stands in for your agents: replace it with a call into your own routing. */
function route(text: string): { to: string; reason: string } | undefined {
  if (/refund|money back/i.test(text)) return { to: 'refunds', reason: 'capability_boundary' };
  return undefined;
}
`;
