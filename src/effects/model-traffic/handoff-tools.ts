import { BUILT_IN_HANDOFF_TOOLS } from '../../conventions/handoff-tools.ts';
import type { ModelTrafficConfig } from '../../model/model-traffic-config.ts';

/** A tool call recognised as a handoff: the receiver as the rule names it, and why. */
export interface HandoffTool {
  readonly to: string;
  /** Where the rule says the reason is in the tool input (a dotted path). */
  readonly reasonField?: string;
  /** The rule that recognised it, for the span: `tools[…]`, a pattern, or a built-in. */
  readonly rule: string;
}

/** Decides whether a tool name is a handoff; undefined for every other tool. */
export type HandoffToolMatcher = (tool: string) => HandoffTool | undefined;

interface Compiled {
  readonly test: (tool: string) => string | undefined;
  readonly reasonField: string | undefined;
  readonly rule: string;
}

/**
 * Compiles the suite's handoff rules (first match wins), then the built-in patterns unless
 * `builtin: false`. A pattern that does not compile throws; the suite loader reports it first.
 */
export function handoffToolMatcher(config: ModelTrafficConfig): HandoffToolMatcher {
  const compiled: Compiled[] = config.handoffs.map((rule) => {
    const reasonField = rule.reason_field;
    if (rule.tools !== undefined) {
      const names = new Set(rule.tools);
      const to = rule.to;
      return {
        test: (tool) => (names.has(tool) ? to : undefined),
        reasonField,
        rule: `tools ${rule.tools.join(', ')}`,
      };
    }
    const pattern = new RegExp(rule.pattern ?? '');
    return { test: patternTest(pattern, rule.to), reasonField, rule: `pattern ${pattern.source}` };
  });
  if (config.builtin)
    for (const pattern of BUILT_IN_HANDOFF_TOOLS)
      compiled.push({ test: patternTest(pattern), reasonField: undefined, rule: 'built-in' });
  return (tool) => {
    for (const c of compiled) {
      const to = c.test(tool);
      if (to !== undefined && to !== '')
        return {
          to,
          rule: c.rule,
          ...(c.reasonField !== undefined && { reasonField: c.reasonField }),
        };
    }
    return undefined;
  };
}

function patternTest(pattern: RegExp, to?: string): (tool: string) => string | undefined {
  return (tool) => {
    const match = pattern.exec(tool);
    if (!match) return undefined;
    return to ?? match[1];
  };
}
