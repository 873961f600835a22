import type { FileProblem } from '../errors.ts';
import type { ModelTrafficHandoffRule } from '../model/model-traffic-config.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { type Draft, place } from './draft.ts';
import type { YamlSource } from './yaml-document.ts';

/**
 * What a suite's `model_traffic` needs beyond its shape: each handoff rule names its tools or a
 * pattern that compiles and names a receiver; each agents rule says how to recognise a request;
 * and model responses can reach Baton at all (a cassette, an allowed host or a fake endpoint).
 */
export function modelTrafficProblems(config: ParsedSuite, source: YamlSource): FileProblem[] {
  const traffic = config.model_traffic;
  if (!traffic) return [];
  const drafts: Draft[] = [];
  traffic.handoffs.forEach((rule, i) => {
    drafts.push(...handoffRuleDrafts(rule, ['model_traffic', 'handoffs', i]));
  });
  traffic.agents.forEach((rule, i) => {
    if (rule.system === undefined && Object.keys(rule.metadata ?? {}).length === 0)
      drafts.push({
        path: ['model_traffic', 'agents', i],
        at: 'value',
        message: 'expected `system` or `metadata` to recognise the agent by, received neither',
        fix: 'add `system: <text its system prompt contains>` or `metadata: { user_id: <value> }`',
      });
  });
  const effects = config.effects;
  const reachable =
    config.cassette !== undefined ||
    (effects !== undefined && (effects.allow_hosts.length > 0 || effects.endpoints.length > 0));
  if (!reachable)
    drafts.push({
      path: ['model_traffic'],
      at: 'key',
      message:
        'expected model requests to pass through Baton, received a suite with no `cassette` and no `effects.allow_hosts`: every model request would be refused',
      fix: 'add a `cassette` whose `hosts` name the model API (replay offline), or list the host in `effects.allow_hosts` to reach the live API',
    });
  return drafts.map((d) => place(d, source));
}

function handoffRuleDrafts(rule: ModelTrafficHandoffRule, path: (string | number)[]): Draft[] {
  if (rule.tools !== undefined && rule.pattern !== undefined)
    return [
      {
        path,
        at: 'value',
        message: 'expected exactly one of `tools` or `pattern`, received both',
        fix: 'keep `tools` (with `to`) for tools you can name, or `pattern` for a family of tool names',
      },
    ];
  if (rule.tools !== undefined)
    return rule.to !== undefined
      ? []
      : [
          {
            path,
            at: 'value',
            message: 'expected `to` (the receiver) beside `tools`, received none',
            fix: 'add `to: <receiver>`: the agent or person these tools hand the work to',
          },
        ];
  if (rule.pattern === undefined)
    return [
      {
        path,
        at: 'value',
        message: 'expected `tools` or `pattern`, received neither',
        fix: "name the tools (`{ tools: [escalate_to_human], to: supervisor }`) or match them (`{ pattern: '^delegate_to_(.+)$' }`)",
      },
    ];
  return patternDrafts(rule.pattern, rule.to !== undefined, [...path, 'pattern']);
}

function patternDrafts(pattern: string, hasTo: boolean, path: (string | number)[]): Draft[] {
  try {
    new RegExp(pattern);
  } catch (error) {
    const why = (error as Error).message.replace(/^Invalid regular expression: \/.*\/\w*: /, '');
    return [
      {
        path,
        at: 'value',
        message: `expected a regular expression, received \`${pattern}\` (${why})`,
        fix: 'escape special characters such as `(`, `[` and `+` with a backslash, and quote the pattern in single quotes so YAML keeps the backslashes',
      },
    ];
  }
  // `x|` matches the empty string, so its match lists every capture group of `x`.
  const groups = (new RegExp(`${pattern}|`).exec('')?.length ?? 1) - 1;
  if (hasTo || groups > 0) return [];
  return [
    {
      path,
      at: 'value',
      message: `expected a capture group that names the receiver, received \`${pattern}\` with none`,
      fix: 'put the receiver part in parentheses (`^delegate_to_(.+)$`), or set `to` for a fixed receiver',
    },
  ];
}
