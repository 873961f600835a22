import type { Release } from './matrix.ts';

// What Baton must report on each third-party system, release by release: `case@step code` for
// every failing finding. Besides each seeded bug's own code, only its direct consequences may
// appear (a refund never made when the refund went to the wrong desk is also effect.missing).

/** Failing findings per release. */
export type Expected = Readonly<Record<Release, readonly string[]>>;

/** Each system under test/third-party/, its title and what Baton must find. */
export const SYSTEMS: Readonly<Record<string, { title: string; expected: Expected }>> = {
  'agents-helpdesk': {
    title: 'OpenAI Agents SDK app (tools call HTTP APIs; SDK ScriptedModel)',
    expected: {
      correct: [],
      late: ['refund-cracked-jug@2 handoff.late'],
      'wrong-target': [
        'refund-cracked-jug@- effect.missing',
        'refund-cracked-jug@1 handoff.wrong_target',
      ],
      'dropped-fact': [
        'refund-cracked-jug@1 handoff.missing_fact',
        'refund-cracked-jug@1 handoff.missing_fact',
      ],
      'double-effect': ['refund-gateway-drops-answer@0 effect.double'],
      'bounce-then-escalate': [
        'refund-above-limit@0 handoff.bounced',
        'refund-above-limit@0 handoff.bounced',
      ],
      'unneeded-then-missed': [
        'invoice-charged-twice@- effect.missing',
        'invoice-charged-twice@0 handoff.unneeded',
        'invoice-charged-twice@1 handoff.missed',
      ],
      reask: ['refund-cracked-jug@1 handoff.reask'],
    },
  },
  'langgraph-swarm': {
    title: 'LangGraph swarm (tools call HTTP APIs; scripted chat models)',
    expected: {
      correct: [],
      late: ['cancel-lisbon-trip@2 handoff.late'],
      'wrong-target': [
        'cancel-lisbon-trip@- effect.missing',
        'cancel-lisbon-trip@1 handoff.wrong_target',
      ],
      'dropped-fact': [
        'cancel-lisbon-trip@1 handoff.missing_fact',
        'refund-above-limit@0 handoff.missing_fact',
        'refund-gateway-timeout@0 handoff.missing_fact',
        'refund-gateway-timeout@0 handoff.missing_fact',
      ],
      'double-effect': ['refund-gateway-timeout@0 effect.double'],
      // changes looks the booking up before handing it back: that return is its answer; sending
      // it the same work again is the ping-pong.
      'bounce-then-escalate': ['refund-above-limit@0 handoff.bounced'],
      'unneeded-then-missed': [
        'invoice-copy@- effect.missing',
        'invoice-copy@0 handoff.unneeded',
        'invoice-copy@1 handoff.missed',
      ],
      reask: ['cancel-lisbon-trip@1 handoff.reask'],
    },
  },
  'openinference-export': {
    title: 'OpenInference export of a Python Agents SDK desk (recorded traces)',
    expected: {
      correct: [],
      late: ['double-charge@2 handoff.late'],
      'wrong-target': ['double-charge@- effect.missing', 'double-charge@1 handoff.wrong_target'],
      'dropped-fact': [
        'double-charge@1 handoff.missing_fact',
        'double-charge@1 handoff.missing_fact',
      ],
      'double-effect': ['setup-fee-timeout@0 effect.double'],
      'bounce-then-escalate': [
        'roaming-above-limit@0 handoff.bounced',
        'roaming-above-limit@0 handoff.bounced',
      ],
      'unneeded-then-missed': ['line-fault@0 handoff.unneeded', 'line-fault@1 handoff.missed'],
      reask: ['double-charge@1 handoff.reask'],
    },
  },
};
