import { z } from 'zod';
import { BatonError } from '../../errors.ts';
import type { ToolEffectRule } from '../../model/effects-config.ts';
import { type ApproverRules, approverRules, NO_APPROVERS } from '../approvals.ts';

const EffectTool = z.union([
  z.string().min(1),
  z.strictObject({
    name: z.string().min(1).describe('The function tool.'),
    effect: z.string().min(1).optional().describe('The effect name (default: the tool name).'),
    key: z
      .string()
      .min(1)
      .optional()
      .describe('Dotted path of the argument that is the identity key, e.g. order_id.'),
  }),
]);

/**
 * What Baton itself reads from `adapter.options` of an `openai-agents` suite. Every other key is
 * left to the app's factory, which receives the whole object.
 */
export const AgentsAdapterOptions = z.looseObject({
  effects: z
    .strictObject({ tools: z.array(EffectTool).default([]) })
    .optional()
    .describe(
      'Deprecated: declare tool effects in the suite, `effects.tools: [{ tool, effect, key, owner }]`.',
    ),
  escalations: z
    .record(z.string().min(1), z.string().min(1))
    .optional()
    .describe('Function tools that hand the work to a person: tool name → person.'),
  approvals: z
    .union([z.string().min(1), z.record(z.string().min(1), z.string().min(1))], {
      error:
        'give the person who approves (approvals: supervisor), or tool name → person (approvals: { issue_refund: supervisor })',
    })
    .optional()
    .describe(
      "The person who decides on calls of tools that need approval (the SDK's needsApproval): one person for every tool, or tool name → person.",
    ),
  agent_names: z
    .record(z.string().min(1), z.string().min(1))
    .optional()
    .describe('SDK agent name → the participant name the cases use.'),
});

/** How SDK spans become Baton's: resolved once per suite from the adapter options. */
export interface MappingRules {
  /**
   * Tool effects from the adapter-level `effects.tools` (the spelling before suite-level
   * `effects.tools`): judged exactly like the suite's rules.
   */
  readonly toolEffects: readonly ToolEffectRule[];
  /** Function tool → the person a call of it hands the work to. */
  readonly escalations: ReadonlyMap<string, string>;
  /** SDK agent name → participant name; names not listed are used as they are. */
  readonly names: ReadonlyMap<string, string>;
  /** Who decides on calls of tools that need approval: tool → person, or one for every tool. */
  readonly approvals: ApproverRules;
}

export const NO_RULES: MappingRules = {
  toolEffects: [],
  escalations: new Map(),
  names: new Map(),
  approvals: NO_APPROVERS,
};

/** Reads Baton's part of the options; a mistake names the field and the suite file. */
export function mappingRules(options: unknown, suiteFile: string): MappingRules {
  const parsed = AgentsAdapterOptions.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'options';
    throw new BatonError(
      'adapter.options',
      `Failed to read adapter.options in ${suiteFile}: ${where}: ${issue?.message ?? 'invalid'}. Fix it as docs/adapters/openai-agents.md describes.`,
    );
  }
  const { effects, escalations, agent_names, approvals } = parsed.data;
  return {
    toolEffects: (effects?.tools ?? []).map(
      (t): ToolEffectRule =>
        typeof t === 'string'
          ? { tool: t }
          : {
              tool: t.name,
              ...(t.effect !== undefined && { effect: t.effect }),
              ...(t.key !== undefined && { key: t.key }),
            },
    ),
    escalations: new Map(Object.entries(escalations ?? {})),
    names: new Map(Object.entries(agent_names ?? {})),
    approvals: approverRules(approvals),
  };
}
