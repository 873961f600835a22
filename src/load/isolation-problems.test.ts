import { describe, expect, it } from 'vitest';
import { formatProblem } from '../errors.ts';
import { parseSuiteText } from './suite-source.ts';

const file = 'test/fixtures/load/suites/isolated.yaml';

function problems(...lines: string[]): string[] {
  const text = ['name: isolated', 'cases: { include: [../cases/good/*.yaml] }', ...lines].join(
    '\n',
  );
  const result = parseSuiteText(text, file);
  return result.ok ? [] : result.problems.map(formatProblem);
}

const MODULE = 'adapter: { type: module, path: ./implementation.ts }';
const HTTP = 'adapter: { type: http, url: "http://127.0.0.1:9/turn" }';

describe('isolation in a suite', () => {
  it('loads a module adapter isolated, and defaults to none', () => {
    expect(problems(MODULE, 'isolation: process')).toEqual([]);
    const result = parseSuiteText(`name: a\ncases: { include: [a.yaml] }\n${MODULE}\n`, file);
    expect(result.ok && result.value.config.isolation).toBe('none');
  });

  it('refuses isolating an adapter that runs nothing in Baton, at the isolation line', () => {
    expect(problems(HTTP, 'isolation: worker')).toEqual([
      `${file}:4:12: isolation: expected an adapter that runs your code in Baton's process (module, langgraph, openai-agents), received isolation: worker with adapter type http, which runs nothing here. Fix: remove \`isolation\` (an http service already runs in its own process; a traces suite runs nothing)`,
    ]);
    expect(problems(HTTP)).toEqual([]);
  });

  it("refuses a variant's out-of-process adapter under the suite's isolation, at the variant", () => {
    expect(
      problems(
        MODULE,
        'isolation: worker',
        'variants:',
        '  current: {}',
        '  hosted:',
        '    adapter: { type: http, url: "http://127.0.0.1:9/turn" }',
      ),
    ).toEqual([
      `${file}:8:22: variants.hosted.adapter.type: expected an adapter that runs your code in Baton's process (module, langgraph, openai-agents), received isolation: worker with adapter type http (variant hosted), which runs nothing here. Fix: give this variant a module, langgraph or openai-agents adapter, or remove \`isolation\` from the suite (an http service already runs in its own process; a traces suite runs nothing)`,
    ]);
  });

  it('refuses recording a cassette from isolates, and says how to record', () => {
    expect(
      problems(
        MODULE,
        'isolation: process',
        'cassette: { file: c.json, mode: record, hosts: [h] }',
      ),
    ).toEqual([
      `${file}:5:33: cassette.mode: expected a cassette in replay mode with isolation: process, received mode: record (each isolate would write its own share of the file). Fix: record once with \`isolation: none\` (or without \`isolation\`), then replay it isolated`,
    ]);
    expect(problems(MODULE, 'cassette: { file: c.json, mode: record, hosts: [h] }')).toEqual([]);
  });
});
