import { defineImplementation, emitHandoff, type Step, withAgentTurn } from 'baton-handoffs';

/** The start-up benchmark's module adapter in TypeScript: triage hands refunds on. */
export default defineImplementation(() => ({
  startCase(info) {
    return {
      handle(step: Step) {
        if (step.kind !== 'customer' || !/refund/i.test(step.text)) return;
        withAgentTurn(info.entry, () =>
          emitHandoff({ from: info.entry, to: 'refunds', reason: 'capability_boundary' }),
        );
      },
    };
  },
}));
