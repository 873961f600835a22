import { z } from 'zod';
import { AdapterConfig } from './adapter-config.ts';
import { FINDING_CODES } from './finding.ts';

/** What a comparison measures: the pass rate, the cost, or the rate of one finding code. */
export const COMPARE_METRICS = ['pass_rate', 'cost', ...FINDING_CODES] as const;
export type CompareMetric = (typeof COMPARE_METRICS)[number];

const Metric = z.enum(COMPARE_METRICS);
const Level = z.number().min(0.0001).max(0.5).default(0.05).describe('Significance level (0.05).');

const NoNewFailures = z.strictObject({
  gate: z.literal('no_new_failures'),
  max: z.number().int().min(0).default(0).describe('Cases that may go from pass to fail.'),
});
const Errored = z.strictObject({
  gate: z.literal('errored'),
  max: z.number().int().min(0).default(0).describe('Cases of the candidate that may error.'),
});
const Delta = z
  .strictObject({
    gate: z.literal('delta'),
    metric: Metric,
    max: z.number().optional().describe('Candidate minus baseline must be at most this.'),
    min: z.number().optional().describe('Candidate minus baseline must be at least this.'),
    bound: z
      .enum(['point', 'interval'])
      .default('point')
      .describe(
        'Gate on the observed difference, or on the far end of its 95% paired bootstrap interval.',
      ),
  })
  .refine((g) => g.max !== undefined || g.min !== undefined, {
    message: 'a delta gate needs `max` or `min`',
  });
const Better = z.strictObject({
  gate: z.literal('better'),
  metric: Metric,
  p: Level.describe('The candidate must be better with an exact McNemar p below this.'),
});
const NotWorse = z.strictObject({
  gate: z.literal('not_worse'),
  metric: Metric,
  p: Level.describe('Fails when the candidate is worse with an exact McNemar p below this.'),
});

/** A gate on the comparison of a candidate with its baseline; a failed one exits 1. */
export const CompareGate = z.union([
  z
    .literal('no_new_failures')
    .transform(() => ({ gate: 'no_new_failures' as const, max: 0 }))
    .describe('Shorthand for { gate: no_new_failures, max: 0 }.'),
  z.discriminatedUnion('gate', [NoNewFailures, Errored, Delta, Better, NotWorse]),
]);
export type CompareGate = z.output<typeof CompareGate>;

/** How two runs are compared: which variants, the gates, and the bootstrap's seed. */
export const CompareConfig = z.strictObject({
  baseline: z
    .string()
    .min(1)
    .optional()
    .describe('The variant compared against (default: the first).'),
  candidates: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe('The variants compared with the baseline (default: every other variant).'),
  gates: z
    .array(CompareGate)
    .default([])
    .describe('Default: no_new_failures and no errored candidate case.'),
  seed: z
    .number()
    .int()
    .default(1)
    .describe('Seed of the paired bootstrap: same seed, same intervals.'),
  resamples: z.number().int().min(100).max(100_000).default(2000),
  alpha: Level.describe('Level of the McNemar verdicts and of the minimum detectable difference.'),
});
export type CompareConfig = z.output<typeof CompareConfig>;

/** Variant names become report folders: letters, digits, `.`, `_` and `-`. */
export const VARIANT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** One named set of adapter settings the suite's cases run under. */
export const VariantConfig = z.strictObject({
  description: z.string().optional(),
  adapter: AdapterConfig.optional().describe("Replaces the suite's adapter for this variant."),
  options: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("Merged over the suite adapter's options (module, openai-agents, langgraph)."),
});

export const VariantsConfig = z
  .record(z.string().regex(VARIANT_NAME, 'a name of letters, digits, ., _ or -'), VariantConfig)
  .describe('Named adapter settings that each run the same cases, to compare them.');
export type VariantConfig = z.output<typeof VariantConfig>;
