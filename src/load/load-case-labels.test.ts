import { describe, expect, test } from 'vitest';
import { formatProblem } from '../errors.ts';
import { casesOfText } from './cases-of-text.ts';
import { loadCaseFile } from './load-case.ts';

const broken = 'test/fixtures/load/cases/broken';

const printed = (result: Awaited<ReturnType<typeof loadCaseFile>>) =>
  result.ok ? [] : result.problems.map(formatProblem);

describe('effect windows and tool labels, when they are wrong', () => {
  test('an effect `at` past the last step says which steps exist', async () => {
    const result = await loadCaseFile(`${broken}/effect-at-beyond.yaml`);

    expect(printed(result)).toEqual([
      `${broken}/effect-at-beyond.yaml:12:42: expect.effects[0].at: step 4 does not exist: the case has steps 0 to 1. Fix: use a step from 0 to 1 (steps count from 0), or add the missing steps`,
    ]);
  });

  test('an effect with both `at` and `window`, and one with a reversed window', async () => {
    const result = await loadCaseFile(`${broken}/effect-window.yaml`);

    expect(printed(result)).toEqual([
      `${broken}/effect-window.yaml:12:7: expect.effects[0]: expected at most one of \`at\` or \`window\`, received both. Fix: write \`at: <step>\` for a single step or \`window: [first, last]\` for a range`,
      `${broken}/effect-window.yaml:13:43: expect.effects[1].window: expected [first, last] with first <= last, received [1, 0]. Fix: swap the two numbers so the first step comes first`,
    ]);
  });

  test('an unknown match mode and an empty tool name, each at its value with a fix', async () => {
    const result = await loadCaseFile(`${broken}/bad-tools.yaml`);

    expect(printed(result)).toEqual([
      `${broken}/bad-tools.yaml:11:12: expect.tools.match: expected one of \`strict\`, \`unordered\`, \`subset\` or \`superset\`, received "exact". Fix: use one of \`strict\`, \`unordered\`, \`subset\` or \`superset\``,
      `${broken}/bad-tools.yaml:15:17: expect.tools.calls[2].tool: expected a non-empty string, received an empty string. Fix: change \`tool\` to a non-empty string`,
    ]);
  });

  test('a calling agent that is not a participant, with a did-you-mean', async () => {
    const result = await loadCaseFile(`${broken}/bad-tools-agent.yaml`);

    expect(printed(result)).toEqual([
      `${broken}/bad-tools-agent.yaml:12:36: expect.tools[1].agent: "refund" is not a participant (triage, refunds). Fix: did you mean \`refunds\`?`,
    ]);
  });
});

describe('expect.guardrail, when it is wrong', () => {
  test('an unknown key says which keys there are', async () => {
    expect(printed(await loadCaseFile(`${broken}/bad-guardrail.yaml`))).toEqual([
      `${broken}/bad-guardrail.yaml:10:36: expect.guardrail.step: unknown key \`step\`. Fix: remove it, or use one of \`name\`, \`at\` or \`window\``,
    ]);
  });

  test('a value of another shape says which forms there are', async () => {
    expect(printed(await loadCaseFile(`${broken}/guardrail-shape.yaml`))).toEqual([
      `${broken}/guardrail-shape.yaml:10:14: expect.guardrail: expected a non-empty string or a mapping, received a list of 1 item. Fix: write the guardrail’s name (\`guardrail: abuse_filter\`), \`any\`, or \`{ name: abuse_filter, at: <step> }\``,
    ]);
  });

  test('a step past the last says which steps exist', async () => {
    expect(printed(await loadCaseFile(`${broken}/guardrail-beyond.yaml`))).toEqual([
      `${broken}/guardrail-beyond.yaml:10:40: expect.guardrail.at: step 2 does not exist: the case has steps 0 to 1. Fix: use a step from 0 to 1 (steps count from 0), or add the missing steps`,
    ]);
  });

  test('a name, `any`, or a step resolve to the label the checks read', async () => {
    const labelled = async (guardrail: string) => {
      const text = [
        'id: abuse',
        'title: t',
        'source: synthetic',
        'participants: { agents: [triage] }',
        'steps: [{ customer: hi }, { customer: idiot }]',
        `expect: { handoffs: none, guardrail: ${guardrail} }`,
      ].join('\n');
      const [loaded] = casesOfText(text, 'inline.yaml');
      return loaded?.result.ok ? loaded.result.value.labels.guardrail : loaded?.result;
    };

    expect(await labelled('abuse_filter')).toEqual({ name: 'abuse_filter' });
    expect(await labelled('any')).toEqual({});
    expect(await labelled('{ at: 1 }')).toEqual({ window: [1, 1] });
    expect(await labelled('{ name: pii, window: [0, 1] }')).toEqual({
      name: 'pii',
      window: [0, 1],
    });
  });
});

describe('expect.effects[].after, when it is wrong', () => {
  test('a handoff lacking `to` and a misspelt key: each at its place, with a fix', async () => {
    expect(printed(await loadCaseFile(`${broken}/effect-after.yaml`))).toEqual([
      `${broken}/effect-after.yaml:15:11: expect.effects[0].after[1].to: missing \`to\`: expected a string. Fix: add \`to: …\` under \`expect.effects[0].after[1]\``,
      `${broken}/effect-after.yaml:16:13: expect.effects[0].after[2].efect: unknown key \`efect\`: expected one of \`from\`, \`to\` or \`effect\`. Fix: did you mean \`effect\`?`,
    ]);
  });

  test('a handoff naming someone who is not a participant, with a did-you-mean', async () => {
    expect(printed(await loadCaseFile(`${broken}/effect-after-name.yaml`))).toEqual([
      `${broken}/effect-after-name.yaml:14:19: expect.effects[0].after[0].from: "styel" is not a participant (coder, security, style, merger). Fix: did you mean \`style\`?`,
    ]);
  });
});

describe('a value YAML read as a boolean or a number where text was meant', () => {
  test('is named with the fix to quote it', () => {
    const text = [
      'id: quoted',
      'title: Tags and a fact YAML reads otherwise',
      'source: synthetic',
      'tags: [true, vip]',
      'participants: { agents: [a, b] }',
      'steps:',
      '  - customer: "hi"',
      'expect:',
      '  handoffs: none',
      '',
    ].join('\n');
    const result = casesOfText(text, 'inline.yaml')[0]?.result;
    expect(!result || result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      'inline.yaml:4:8: tags[0]: expected a non-empty string, received true. Fix: put it in quotes (`"true"`) so YAML reads it as text',
    ]);
  });
});
