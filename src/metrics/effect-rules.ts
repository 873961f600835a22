import type { DataPath } from '../model/data-path.ts';
import type { ToolEffectRule } from '../model/effects-config.ts';
import { isLocator } from '../model/locator.ts';
import type { ParsedSuite } from '../model/suite.ts';

/** The suite's effect rules as a case's counts need them (`effectMatches`); made once a run. */
export interface EffectRules {
  /** In the order the runner applies them: the suite's `effects.tools`, then the adapter's. */
  readonly tools: readonly { readonly tool: string; readonly path: DataPath }[];
  readonly endpoints: readonly {
    readonly name: string;
    readonly url: string;
    readonly path: DataPath;
  }[];
  /**
   * Every effect name a rule of the suite writes out (tools, endpoints, `recognize:` effect rules
   * with a fixed name). A name a rule reads from the span, or one the implementation emits
   * itself (`emitEffect`), is not known before the run.
   */
  readonly names: ReadonlySet<string>;
}

/**
 * The effect rules of a suite; `adapterTools` are the adapter's own (`adapter.options.effects.tools`
 * of an openai-agents suite), which the runner applies after the suite's.
 */
export function effectRulesOf(
  config: ParsedSuite,
  adapterTools: readonly ToolEffectRule[] = [],
): EffectRules {
  const suiteTools = config.effects?.tools ?? [];
  const tools = [
    ...suiteTools.map((r, i) => ({ rule: r, path: ['effects', 'tools', i] })),
    ...adapterTools.map((r, i) => ({
      rule: r,
      path: ['adapter', 'options', 'effects', 'tools', i],
    })),
  ];
  const endpoints = (config.effects?.endpoints ?? []).map((e, i) => ({
    name: e.name,
    url: e.url,
    path: ['effects', 'endpoints', i],
  }));
  const names = new Set<string>([
    ...tools.map(({ rule }) => rule.effect ?? rule.tool),
    ...endpoints.map((e) => e.name),
    ...recognizedNames(config),
  ]);
  return { tools: tools.map(({ rule, path }) => ({ tool: rule.tool, path })), endpoints, names };
}

/** Effect names the traces adapter's `recognize:` rules write out (not those read from a span). */
function recognizedNames(config: ParsedSuite): string[] {
  if (config.adapter.type !== 'traces') return [];
  const names: string[] = [];
  for (const rule of config.adapter.recognize) {
    if (!('effect' in rule)) continue;
    const name = rule.effect.name;
    if (typeof name !== 'string') names.push(String(name.value));
    else if (!isLocator(name)) names.push(name);
  }
  return names;
}
