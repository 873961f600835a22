import { ScriptedModel } from '@openai/agents/testing';
import { defineAgentsApp } from 'baton-handoffs/openai-agents';
import { buildHelpdesk } from '../src/agents.ts';
import type { IdempotencyScheme } from '../src/apis.ts';
import { CORRECT, SEEDED } from './model-answers.ts';

/**
 * The releases the helpdesk's CI evaluates: the current one, and builds that each bring back a
 * bug the team once shipped (a prompt that behaved differently, or the old payments client).
 */
const RELEASES: Readonly<Record<string, { idempotency: IdempotencyScheme }>> = {
  correct: { idempotency: 'order' },
  late: { idempotency: 'order' },
  'wrong-target': { idempotency: 'order' },
  'dropped-fact': { idempotency: 'order' },
  'double-effect': { idempotency: 'per-attempt' },
  'bounce-then-escalate': { idempotency: 'order' },
  'unneeded-then-missed': { idempotency: 'order' },
  reask: { idempotency: 'order' },
};

export default defineAgentsApp((options, info) => {
  const name = String(options.release ?? 'correct');
  const release = RELEASES[name];
  if (!release)
    throw new Error(`unknown release ${name}: one of ${Object.keys(RELEASES).join(', ')}`);
  const recording = SEEDED[name]?.[info.id] ?? CORRECT[info.id];
  if (!recording) throw new Error(`no recorded model answers for case ${info.id}`);
  const model = new ScriptedModel(recording);
  return {
    startingAgent: buildHelpdesk({ idempotency: release.idempotency }),
    model,
    end: () => model.assertComplete(),
  };
});
