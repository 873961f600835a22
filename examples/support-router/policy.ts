import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { z } from 'zod';

/** The facts the router extracts from customer text and tool results, and hands on. */
export const FACT_NAMES = ['order_id', 'amount', 'currency', 'quote_id'] as const;
export type FactName = (typeof FACT_NAMES)[number];

const Name = z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'a name such as `triage`');
const IntentName = z.string().regex(/^[a-z][a-z0-9_]*$/, 'a snake_case intent such as `refund`');
const Phrases = z.array(z.string().min(1)).min(1);

const Intent = z.strictObject({
  name: IntentName,
  phrases: Phrases.describe('Matched case-insensitively at the start of a word.'),
  requires: z
    .array(z.enum(FACT_NAMES))
    .default([])
    .describe('Facts the sender collects (asking the customer) before handing this intent on.'),
  follows: IntentName.optional().describe('Only recognised while the case is about this intent.'),
});

/** One escalation rule per signal; a rule left out of the file is not in force. */
const Rules = z.strictObject({
  explicit_request: z.strictObject({ to: Name, phrases: Phrases }).optional(),
  policy_gate: z
    .strictObject({
      to: Name,
      applies_to: IntentName,
      refund_approval_limit: z.number().positive(),
    })
    .optional(),
  low_confidence: z.strictObject({ to: Name, min_confidence: z.number().min(0).max(1) }).optional(),
  no_progress: z
    .strictObject({ to: Name, max_failed_tool_calls: z.number().int().min(1) })
    .optional(),
  budget_exhausted: z.strictObject({ to: Name, budget_limit: z.number().positive() }).optional(),
  deadline_risk: z.strictObject({ to: Name, deadline_risk_minutes: z.number().min(0) }).optional(),
});

export const Policy = z
  .strictObject({
    name: z.string().min(1),
    version: z.string().min(1),
    description: z.string().optional(),
    persons: z.array(Name).min(1).describe('People and queues work can be escalated to.'),
    agents: z.record(
      Name,
      z.strictObject({ handles: z.array(IntentName).default([]).describe('Its capabilities.') }),
    ),
    intents: z.array(Intent).min(1).describe('In priority order: the first match wins.'),
    rules: Rules,
    handoff_payload: z
      .enum(['full', 'compact'])
      .default('full')
      .describe(
        'What agent-to-agent handoffs carry: everything the sender knows, or only the goal and the open question (people always get everything).',
      ),
  })
  .superRefine((p, ctx) => {
    const intents = new Set(p.intents.map((i) => i.name));
    const owners = new Map<string, string>();
    for (const [agent, { handles }] of Object.entries(p.agents)) {
      for (const intent of handles) {
        if (!intents.has(intent)) {
          ctx.addIssue({
            code: 'custom',
            path: ['agents', agent, 'handles'],
            message: `unknown intent "${intent}"`,
          });
        }
        const other = owners.get(intent);
        if (other !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['agents', agent, 'handles'],
            message: `"${intent}" is already handled by ${other}`,
          });
        }
        owners.set(intent, agent);
      }
    }
    p.intents.forEach((intent, i) => {
      if (intent.follows !== undefined && !intents.has(intent.follows)) {
        ctx.addIssue({
          code: 'custom',
          path: ['intents', i, 'follows'],
          message: `unknown intent "${intent.follows}"`,
        });
      }
    });
    const targets = new Set([...p.persons, ...Object.keys(p.agents)]);
    for (const [rule, config] of Object.entries(p.rules)) {
      if (config !== undefined && !targets.has(config.to)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rules', rule, 'to'],
          message: `"${config.to}" is neither a person nor an agent`,
        });
      }
    }
    const gate = p.rules.policy_gate;
    if (gate !== undefined && !intents.has(gate.applies_to)) {
      ctx.addIssue({
        code: 'custom',
        path: ['rules', 'policy_gate', 'applies_to'],
        message: `unknown intent "${gate.applies_to}"`,
      });
    }
  });

/** A validated routing policy: who handles what, and when work goes to a person. */
export type Policy = z.output<typeof Policy>;
export type Intent = Policy['intents'][number];

/** Validates policy YAML text; throws an Error naming `file` and every problem in it. */
export function parsePolicy(text: string, file: string): Policy {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    throw new Error(
      `Failed to load policy ${file}: it is not valid YAML (${(error as Error).message}).`,
    );
  }
  const result = Policy.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`);
  throw new Error(
    `Failed to load policy ${file}: ${problems.join('; ')}. Fix the policy file and run again.`,
  );
}

/** Reads and validates a policy file. */
export async function loadPolicy(file: string): Promise<Policy> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`Failed to load policy ${file}: ${(error as Error).message}.`);
  }
  return parsePolicy(text, file);
}
