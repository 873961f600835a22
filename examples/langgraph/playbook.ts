import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { z } from 'zod';

const Name = z.string().regex(/^[a-z][a-z0-9_]*$/, 'a snake_case name such as `triage`');
const Phrases = z.array(z.string().min(1));

const Agent = z.strictObject({
  prompt: z.string().min(1).describe('The system prompt the agent runs with.'),
  handles: z.array(Name).default([]).describe('Intents this agent answers itself.'),
  approval_limit: z
    .number()
    .positive()
    .optional()
    .describe('Refunds above this amount go to the person for approval (policy_gate).'),
});

/**
 * The support desk's playbook: each agent's prompt, which intents it handles, and when work goes
 * to the person. The scripted stand-in models (desk-model.ts) follow these rules to the letter,
 * so a change to the playbook changes the handoffs the way a prompt change would.
 */
export const Playbook = z
  .strictObject({
    name: z.string().min(1),
    version: z.string().min(1),
    description: z.string().optional(),
    person: Name.describe('Who escalations and approvals go to.'),
    entry: Name.describe('The agent that receives every new conversation.'),
    agents: z.record(Name, Agent),
    intents: z
      .record(Name, Phrases.min(1))
      .describe('Phrases per intent, matched at the start of a word; the first intent wins.'),
    escalation: z.strictObject({
      explicit_request: Phrases.describe('Phrases that send the work to the person at once.'),
      min_confidence: z.number().min(0).max(1).describe('A lower confidence signal escalates.'),
    }),
  })
  .superRefine((p, ctx) => {
    const owners = new Map<string, string>();
    for (const [agent, { handles }] of Object.entries(p.agents)) {
      for (const intent of handles) {
        if (!(intent in p.intents)) {
          ctx.addIssue({
            code: 'custom',
            path: ['agents', agent],
            message: `unknown intent "${intent}"`,
          });
        }
        const other = owners.get(intent);
        if (other !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['agents', agent],
            message: `"${intent}" is already handled by ${other}`,
          });
        }
        owners.set(intent, agent);
      }
    }
    if (!(p.entry in p.agents)) {
      ctx.addIssue({ code: 'custom', path: ['entry'], message: `"${p.entry}" is not an agent` });
    }
  });

export type Playbook = z.output<typeof Playbook>;

/** Reads and validates a playbook file; errors name the file and every problem. */
export async function loadPlaybook(file: string): Promise<Playbook> {
  let data: unknown;
  try {
    data = parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`Failed to load playbook ${file}: ${(error as Error).message}.`);
  }
  const result = Playbook.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`);
  throw new Error(
    `Failed to load playbook ${file}: ${problems.join('; ')}. Fix the file and run again.`,
  );
}

/** The agent that handles `intent`, if any. */
export function ownerOf(playbook: Playbook, intent: string): string | undefined {
  return Object.entries(playbook.agents).find(([, a]) => a.handles.includes(intent))?.[0];
}

/** The first intent whose phrases `text` contains at the start of a word. */
export function intentOf(playbook: Playbook, text: string): string | undefined {
  return Object.entries(playbook.intents).find(([, phrases]) => mentions(text, phrases))?.[0];
}

/** True when `text` contains one of `phrases` at the start of a word, ignoring case. */
export function mentions(text: string, phrases: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return phrases.some((p) => new RegExp(`(^|\\W)${escapeRegExp(p.toLowerCase())}`).test(lower));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
