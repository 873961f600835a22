import { describe, expect, it } from 'vitest';
import { formatProblem } from '../errors.ts';
import { parseSuiteText } from './suite-source.ts';

const file = 'test/fixtures/load/suites/model-traffic.yaml';

function problems(modelTraffic: string, cassette = true): string[] {
  const text = [
    'name: research',
    'cases: { include: [../cases/good/*.yaml] }',
    'adapter: { type: module, path: ./implementation.ts }',
    ...(cassette ? ['cassette: { file: c.json, hosts: [api.anthropic.com] }'] : []),
    'model_traffic:',
    modelTraffic,
  ].join('\n');
  const result = parseSuiteText(text, file);
  return result.ok ? [] : result.problems.map(formatProblem);
}

describe('model_traffic in a suite', () => {
  it('loads with defaults: built-in patterns on, no rules', () => {
    const result = parseSuiteText(
      'name: r\ncases: { include: [a.yaml] }\nadapter: { type: module, path: ./implementation.ts }\ncassette: { file: c.json, hosts: [h] }\nmodel_traffic: {}\n',
      file,
    );
    expect(result.ok && result.value.config.model_traffic).toEqual({
      handoffs: [],
      builtin: true,
      agents: [],
    });
  });

  it('says where a handoff rule is incomplete or contradictory, and how to fix it', () => {
    expect(
      problems(
        [
          '  handoffs:',
          '    - { tools: [escalate] }',
          '    - { tools: [route], pattern: "^route_(.+)$", to: b }',
          '    - { to: supervisor }',
          "    - { pattern: '^delegate_(.+' }",
          "    - { pattern: '^escalate$' }",
          "    - { pattern: '^ask_(\\w+)$' }",
        ].join('\n'),
      ),
    ).toEqual([
      `${file}:7:7: model_traffic.handoffs[0]: expected \`to\` (the receiver) beside \`tools\`, received none. Fix: add \`to: <receiver>\`: the agent or person these tools hand the work to`,
      `${file}:8:7: model_traffic.handoffs[1]: expected exactly one of \`tools\` or \`pattern\`, received both. Fix: keep \`tools\` (with \`to\`) for tools you can name, or \`pattern\` for a family of tool names`,
      `${file}:9:7: model_traffic.handoffs[2]: expected \`tools\` or \`pattern\`, received neither. Fix: name the tools (\`{ tools: [escalate_to_human], to: supervisor }\`) or match them (\`{ pattern: '^delegate_to_(.+)$' }\`)`,
      `${file}:10:18: model_traffic.handoffs[3].pattern: expected a regular expression, received \`^delegate_(.+\` (Unterminated group). Fix: escape special characters such as \`(\`, \`[\` and \`+\` with a backslash, and quote the pattern in single quotes so YAML keeps the backslashes`,
      `${file}:11:18: model_traffic.handoffs[4].pattern: expected a capture group that names the receiver, received \`^escalate$\` with none. Fix: put the receiver part in parentheses (\`^delegate_to_(.+)$\`), or set \`to\` for a fixed receiver`,
    ]);
  });

  it('an agents rule needs something to recognise the agent by; unknown keys get a suggestion', () => {
    expect(problems(['  agents:', '    - { agent: writer }'].join('\n'))).toEqual([
      `${file}:7:7: model_traffic.agents[0]: expected \`system\` or \`metadata\` to recognise the agent by, received neither. Fix: add \`system: <text its system prompt contains>\` or \`metadata: { user_id: <value> }\``,
    ]);
    expect(
      problems(['  agents:', '    - { agent: critic, sytem: "a critic" }'].join('\n')),
    ).toEqual([
      `${file}:7:24: model_traffic.agents[0].sytem: unknown key \`sytem\`. Fix: did you mean \`system\`?`,
    ]);
  });

  it('a suite whose model requests could never reach Baton says so at model_traffic', () => {
    expect(problems('  builtin: true', false)).toEqual([
      `${file}:4:1: model_traffic: expected model requests to pass through Baton, received a suite with no \`cassette\` and no \`effects.allow_hosts\`: every model request would be refused. Fix: add a \`cassette\` whose \`hosts\` name the model API (replay offline), or list the host in \`effects.allow_hosts\` to reach the live API`,
    ]);
  });
});
