import { z } from 'zod';
import { ParticipantName } from './case.ts';

/** Where an effect's identity key is read from a request. */
export const IdentityRule = z.union([
  z.strictObject({
    body: z
      .string()
      .min(1)
      .describe('A dotted path into the JSON body: order_id, refund.order_id.'),
  }),
  z.strictObject({ header: z.string().min(1).describe('A header, e.g. Idempotency-Key.') }),
  z.strictObject({ query: z.string().min(1).describe('A query parameter.') }),
]);

/** An HTTP endpoint whose successful calls are side effects, answered by a fake at msw. */
export const EffectEndpoint = z.strictObject({
  name: z.string().min(1).describe('The effect name, e.g. refund.'),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('POST'),
  url: z
    .string()
    .min(1)
    .describe('URL pattern in msw syntax, e.g. https://payments.test/refunds or .../orders/:id'),
  identity: IdentityRule.describe('Which part of the request is the business key.'),
  owner: ParticipantName.optional().describe('The only agent allowed to commit this effect.'),
  dedupe: IdentityRule.optional().describe(
    'The fake endpoint commits once per value of this (an idempotency key); absent: every call commits.',
  ),
  respond: z
    .strictObject({
      status: z.number().int().min(200).max(299).default(200),
      body: z.unknown().optional(),
    })
    .default({ status: 200 })
    .describe('What the fake answers on success.'),
});

/**
 * A tool whose calls are side effects: each call of `tool` commits `effect`, its identity key read
 * from the call's arguments. Works for every adapter whose spans show tool calls.
 */
export const ToolEffectRule = z.strictObject({
  tool: z.string().min(1).describe('The tool name as the agent calls it, e.g. issue_refund.'),
  effect: z.string().min(1).optional().describe('The effect name (default: the tool name).'),
  key: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Dotted path of the argument that is the identity key, e.g. order_id (default: the first argument named id or ending in _id).',
    ),
  owner: ParticipantName.optional().describe('The only agent allowed to commit this effect.'),
});

export const EffectsConfig = z.strictObject({
  endpoints: z.array(EffectEndpoint).default([]),
  tools: z
    .array(ToolEffectRule)
    .optional()
    .describe('Tool calls that are side effects, with their identity and owner.'),
  allow_hosts: z
    .array(z.string().min(1))
    .default([])
    .describe('Hosts requests may reach besides the endpoints; any other host is refused.'),
});

/** Record and replay of model and tool calls: a cassette file of request/response pairs. */
export const CassetteConfig = z.strictObject({
  file: z.string().min(1).describe('The cassette, relative to the suite file.'),
  mode: z
    .enum(['replay', 'record'])
    .default('replay')
    .describe(
      'replay: answer from the cassette, unknown requests fail the case; record: pass through and save.',
    ),
  hosts: z
    .array(z.string().min(1))
    .min(1)
    .describe('Hosts whose requests go through the cassette.'),
  redact_headers: z
    .array(z.string().min(1))
    .default([])
    .describe(
      "Headers whose values are never written to the cassette, on top of Baton's own list (authorization, proxy-authorization, cookie, set-cookie, x-api-key, any *-token, *-secret, *-key…).",
    ),
});

export type EffectEndpoint = z.output<typeof EffectEndpoint>;
export type IdentityRule = z.output<typeof IdentityRule>;
export type EffectsConfig = z.output<typeof EffectsConfig>;
export type ToolEffectRule = z.output<typeof ToolEffectRule>;
export type CassetteConfig = z.output<typeof CassetteConfig>;
