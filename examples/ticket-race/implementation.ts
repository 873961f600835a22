import type { Step } from 'baton-handoffs';
import { defineImplementation } from 'baton-handoffs';
import { LeaseTable } from './leases.ts';
import { messageOf, take, VARIANTS, type Watcher } from './watchers.ts';

/**
 * The module Baton loads for the ticket-race example: billing and refunds both watch one ticket
 * queue, and every customer message is fanned out to both through `info.parallel`, so a `permute`
 * fault decides who starts first. `adapter.options.variant` picks how they use the lease table
 * they share: `lease`, `no-lease` or `mixed`.
 */
export default defineImplementation((options) => {
  const watchers = watchersOf(options.variant);
  return {
    startCase(info) {
      const leases = new LeaseTable();
      return {
        async handle(step: Step, index: number) {
          if (step.kind !== 'customer') return;
          const message = messageOf(step.text, index);
          if (!message) return;
          await info.parallel(watchers.map((w) => () => take(w, message, leases, info.signal)));
        },
      };
    },
  };
});

function watchersOf(option: unknown): readonly Watcher[] {
  const name = option ?? 'lease';
  const watchers = typeof name === 'string' ? VARIANTS[name] : undefined;
  if (watchers) return watchers;
  throw new Error(
    `Failed to start the ticket-race example: adapter.options.variant is ${JSON.stringify(name)}. ` +
      `Set it to one of ${Object.keys(VARIANTS).join(', ')}.`,
  );
}
