import { defineGraphApp, ScriptedChatModel } from 'baton-handoffs/langgraph';
import { type ApiConfig, tripwiseApis } from '../src/apis.ts';
import { billing, changes, concierge, type PromptBehaviour } from '../src/policies.ts';
import { buildSwarm } from '../src/swarm.ts';
import { startBookingsStub } from '../stub/bookings-stub.ts';

const CURRENT: PromptBehaviour = {
  asksTravelDateFirst: false,
  cancellationsTo: 'changes',
  transfersFacts: true,
  guessesVagueRequests: false,
  changesAsksReference: false,
  changesBouncesAboveLimit: false,
};

/** The releases CI evaluates: the current prompts and code, and builds that bring back old bugs. */
const RELEASES: Record<string, { prompts: PromptBehaviour; refundKey: ApiConfig['refundKey'] }> = {
  correct: { prompts: CURRENT, refundKey: 'booking' },
  late: { prompts: { ...CURRENT, asksTravelDateFirst: true }, refundKey: 'booking' },
  'wrong-target': { prompts: { ...CURRENT, cancellationsTo: 'billing' }, refundKey: 'booking' },
  'dropped-fact': { prompts: { ...CURRENT, transfersFacts: false }, refundKey: 'booking' },
  'double-effect': { prompts: CURRENT, refundKey: 'request' },
  'bounce-then-escalate': {
    prompts: { ...CURRENT, changesBouncesAboveLimit: true },
    refundKey: 'booking',
  },
  'unneeded-then-missed': {
    prompts: { ...CURRENT, guessesVagueRequests: true },
    refundKey: 'booking',
  },
  reask: { prompts: { ...CURRENT, changesAsksReference: true }, refundKey: 'booking' },
};

export default defineGraphApp(async (options) => {
  const name = String(options.release ?? 'correct');
  const release = RELEASES[name];
  if (!release)
    throw new Error(`unknown release ${name}: one of ${Object.keys(RELEASES).join(', ')}`);
  const stub = await startBookingsStub();
  const apis = tripwiseApis({ bookingsUrl: stub.url, refundKey: release.refundKey });
  // The stand-ins answer from the conversation alone, so one graph serves every case.
  const graph = buildSwarm(
    {
      concierge: new ScriptedChatModel({ name: 'concierge', respond: concierge(release.prompts) }),
      changes: new ScriptedChatModel({ name: 'changes', respond: changes(release.prompts) }),
      billing: new ScriptedChatModel({ name: 'billing', respond: billing() }),
    },
    apis,
  );
  return {
    graph,
    agents: ['concierge', 'changes', 'billing'],
    persons: ['duty_manager'],
    close: () => stub.close(),
  };
});
