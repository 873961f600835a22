import type { ModelTrafficAgentRule } from '../../model/model-traffic-config.ts';
import type { RequestFacts } from './request-facts.ts';

/**
 * The agent the first matching rule names for a request: its system text contains the rule's
 * `system` (case ignored) and its metadata has every value the rule lists. A rule with neither
 * matches nothing.
 */
export function agentOfRequest(
  rules: readonly ModelTrafficAgentRule[],
  facts: RequestFacts,
): string | undefined {
  const system = facts.system.toLowerCase();
  for (const rule of rules) {
    const metadata = Object.entries(rule.metadata ?? {});
    if (rule.system === undefined && metadata.length === 0) continue;
    if (rule.system !== undefined && !system.includes(rule.system.toLowerCase())) continue;
    if (metadata.every(([key, value]) => facts.metadata[key] === value)) return rule.agent;
  }
  return undefined;
}
