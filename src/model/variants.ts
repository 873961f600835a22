import type { AdapterConfig } from './adapter-config.ts';
import type { ParsedSuite } from './suite.ts';

/** Adapter types whose implementation takes `options` (a variant may merge its own over them). */
export const OPTION_ADAPTERS: ReadonlySet<string> = new Set([
  'module',
  'openai-agents',
  'langgraph',
]);

/** The names of a suite's variants, in file order. */
export function variantNames(config: ParsedSuite): string[] {
  return Object.keys(config.variants ?? {});
}

/** Which variant is the baseline and which are compared with it. */
export function comparedVariants(config: ParsedSuite): { baseline: string; candidates: string[] } {
  const names = variantNames(config);
  const baseline = config.compare?.baseline ?? names[0] ?? '';
  const candidates = config.compare?.candidates ?? names.filter((n) => n !== baseline);
  return { baseline, candidates };
}

/**
 * The suite as one variant runs it: the variant's adapter (or the suite's) with the variant's
 * options merged over its options. Every other setting is the suite's, so the variants differ
 * only where the variant says.
 */
export function applyVariant(config: ParsedSuite, name: string): ParsedSuite {
  const variant = config.variants?.[name];
  if (!variant) return config;
  const base: AdapterConfig = variant.adapter ?? config.adapter;
  const adapter =
    variant.options && 'options' in base
      ? ({ ...base, options: { ...base.options, ...variant.options } } as AdapterConfig)
      : base;
  return { ...config, adapter };
}
