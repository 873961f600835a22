import type { Contract, Rule } from 'baton-handoffs';
import { defineContract } from 'baton-handoffs';
import { rules } from 'baton-handoffs/contracts';
import { z } from 'zod';
import { GOAL_MAX } from './plan.ts';

/**
 * The envelope contracts of the planner → coder → reviewer chain. Intent travels as a short
 * typed object (goal, acceptance, out of scope), files travel as absolute paths in the sandbox,
 * the environment as the sandbox's id, and the loop between coder and reviewer counts its hops.
 */

/** Agent-to-agent handoffs allowed since a person last decided: `hop` stays below this. */
export const HOP_CAP = 6;
/** Most findings one envelope carries: the reviewer ranks, it does not forward everything. */
export const MAX_FINDINGS = 5;
/** Test results and review comments older than this say nothing about the current diff. */
export const FINDINGS_MAX_AGE_MS = 60 * 60 * 1000;

/** The rules every agent-to-agent envelope of the chain follows. */
function intent(): Rule[] {
  return [
    rules.goal({ max: GOAL_MAX }),
    rules.acceptance(),
    rules.outOfScope(),
    rules.originalGoal(),
    rules.artifactsByReference(),
  ];
}

const findings = () => [
  rules.freshFindings({ maxAgeMs: FINDINGS_MAX_AGE_MS }),
  rules.cappedFindings({ max: MAX_FINDINGS }),
];

const sandbox = () => rules.environment({ field: 'sandbox_id' });
const counted = () => [rules.hop({ cap: HOP_CAP }), rules.addressee()];
const role = (name: string) => z.literal(name).optional();

/** The plan, handed to the coder: PLAN.md by path, the planner's sandbox by id. */
const planned = defineContract({
  from: 'planner',
  to: 'coder',
  fields: { from_role: role('planner') },
  rules: [...intent(), sandbox(), rules.decisions(), ...counted()],
});

/** The change, handed to the reviewer with the test results it was checked against. */
const changed = defineContract({
  from: 'coder',
  to: 'reviewer',
  fields: { from_role: role('coder') },
  rules: [...intent(), ...findings(), sandbox(), rules.decisions(), ...counted()],
});

/** A review that asks for changes: a verdict, a one-line reason and the ranked comments. */
const reviewed = defineContract({
  from: 'reviewer',
  to: 'coder',
  fields: {
    from_role: role('reviewer'),
    verdict: z.literal('changes_requested'),
    reason: z.string().min(1).max(200),
    round: z.number().int().min(1),
  },
  rules: [...intent(), ...findings(), sandbox(), rules.decisions(), ...counted()],
});

/**
 * Work handed to the tech lead: why, and every rejection so far. No hop cap here: going to a
 * person is what the cap leads to. A planner that gives up early may have no sandbox yet.
 */
const escalated = defineContract({
  to: 'tech_lead',
  fields: {
    from_role: z.enum(['planner', 'coder', 'reviewer']).optional(),
    reason: z.enum([
      'review_rounds_exhausted',
      'no_progress',
      'low_confidence',
      'budget_exhausted',
    ]),
    rejections: z.array(z.string().min(1)),
    sandbox_id: z.string().min(1).optional(),
    hop: z.number().int().min(0),
  },
  rules: [...intent(), ...findings(), rules.addressee()],
});

/** The tech lead's decision going back to the coder; a narrowed goal keeps the original. */
const decided = defineContract({
  from: 'tech_lead',
  to: 'coder',
  fields: {
    decision: z.strictObject({
      who: z.literal('tech_lead'),
      decision: z.string().min(1),
      note: z.string().optional(),
    }),
  },
  rules: [...intent(), sandbox(), rules.decisions(), ...counted()],
});

/** Every contract of the chain: the suites load this module, the receiver checks against it. */
export const chainContracts: readonly Contract[] = [planned, changed, reviewed, escalated, decided];
