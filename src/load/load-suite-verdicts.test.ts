import { describe, expect, test } from 'vitest';
import { formatProblem } from '../errors.ts';
import { loadSuiteFile } from './load-suite.ts';

const suites = 'test/fixtures/load/suites';

describe('suite options of the reason, re-ask and tool checks', () => {
  test('load with their values: reason opted in, a default tool mode, a facts map', async () => {
    const result = await loadSuiteFile(`${suites}/verdict-options.yaml`);

    expect(result.ok && result.value.config).toMatchObject({
      checks: { reason: { require: true }, tools: { match: 'unordered' }, reask: false },
      facts: { order_id: ['order number', 'order id'] },
    });
  });

  test('each wrong value is one positioned problem with a fix', async () => {
    const result = await loadSuiteFile(`${suites}/bad-verdict-options.yaml`);
    const file = `${suites}/bad-verdict-options.yaml`;

    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      `${file}:6:11: checks.reason: expected \`true\` or \`false\` or a mapping, received "yes please". Fix: write \`reason: true\` to judge labelled reasons, or \`{ require: true }\` to also fail handoffs that state none`,
      `${file}:7:19: checks.tools.match: expected one of \`strict\`, \`unordered\`, \`subset\` or \`superset\`, received "exact". Fix: use one of \`strict\`, \`unordered\`, \`subset\` or \`superset\``,
      `${file}:9:13: facts.order_id: expected a list of at least 1 item, received an empty list. Fix: list how people ask for the fact, e.g. \`order_id: ["order number", "order id"]\``,
      `${file}:10:10: facts.email: expected a list of at least 1 item, received "email address". Fix: list how people ask for the fact, e.g. \`order_id: ["order number", "order id"]\``,
    ]);
  });
});
