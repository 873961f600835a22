import { emitHandoff, withAgentTurn } from 'baton-handoffs/conventions';

/** The start-up benchmark's module adapter on the span helpers alone: triage hands refunds on. */
export default () => ({
  startCase(info) {
    return {
      handle(step) {
        if (step.kind !== 'customer' || !/refund/i.test(step.text)) return;
        withAgentTurn(info.entry, () =>
          emitHandoff({ from: info.entry, to: 'refunds', reason: 'capability_boundary' }),
        );
      },
    };
  },
});
