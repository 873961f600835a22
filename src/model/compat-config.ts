import { z } from 'zod';
import { YamlContractInput } from '../contracts/yaml-contract.ts';

const Name = z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'a participant name such as `refunds`');
const Version = z.string().min(1).describe('A version such as 2.0.0, or a variant name.');

/** The contracts one receiver version holds its incoming envelopes to. */
const ReceiverVersion = z.strictObject({
  modules: z
    .array(z.string().min(1))
    .default([])
    .describe('TS or JS files exporting contracts (defineContract), relative to this file.'),
  edges: z.array(YamlContractInput).default([]).describe('Contracts written in YAML.'),
});

const EnvelopeSource = z.strictObject({
  traces: z
    .array(z.string().min(1))
    .min(1)
    .describe('OTLP/JSON exports (one document, or JSON lines), relative to this file.'),
  version_attribute: z
    .string()
    .min(1)
    .default('service.version')
    .describe('The resource attribute that names the sending version.'),
  version: Version.optional().describe(
    'The sender version of every span in these files (e.g. a variant name), when the resource carries none.',
  ),
});

/**
 * A contract compatibility matrix (Pact's can-i-deploy, for handoff envelopes): the envelopes
 * senders actually sent, by version, and the contracts each receiver version enforces.
 */
export const CompatInput = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().min(1),
  envelopes: z.array(EnvelopeSource).min(1).describe('Where the recorded handoffs are.'),
  receivers: z
    .record(Name, z.record(Version, ReceiverVersion))
    .describe('Each receiver, its versions, and the contracts of each.'),
  live: z
    .record(Name, Version)
    .default({})
    .describe('The version of each participant deployed now (`can-i-deploy --live` overrides).'),
});
export type CompatInput = z.output<typeof CompatInput>;
