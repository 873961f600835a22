import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.ts';
import { type CliResult, lines, REPO, readReport, runCli, stackLines, tempDir } from './helpers.ts';

// The research desk on the real @anthropic-ai/sdk (examples/anthropic-research), offline: the
// Messages API answers from a cassette, the app emits no span, and Baton reads the handoffs
// from the model traffic its msw layer sees.

let out: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  out = await tempDir();
});
afterAll(() => out.remove());

async function run(suite: string): Promise<{ result: CliResult; report: RunReport }> {
  const dir = join(out.path, suite.replaceAll('/', '-'));
  const result = await runCli(['run', suite, '--out', dir], { killAfterMs: 60_000 });
  return { result, report: await readReport(join(dir, 'report.json')) };
}

/** `case step code` for every failing finding of a report, sorted. */
function failing(report: RunReport): string[] {
  return report.cases
    .flatMap((c) =>
      c.findings.filter((f) => f.outcome === 'fail').map((f) => `${c.id} ${f.step} ${f.code}`),
    )
    .sort();
}

const observed = (report: RunReport) =>
  Object.fromEntries(
    report.cases.map((c) => [c.id, c.handoffs.map((h) => `${h.from}>${h.to}@${h.step}`)]),
  );

describe('baton run suites/anthropic.yaml: the careful researcher', () => {
  let result: CliResult;
  let report: RunReport;
  beforeAll(async () => {
    ({ result, report } = await run('suites/anthropic.yaml'));
  }, 70_000);

  it('passes every case and gate, and exits 0', () => {
    expect(result.code).toBe(0);
    expect(lines(plain(result.stdout)).at(-2)).toMatch(
      /^PASS {2}4 cases · 4 passed · 0 failed · 0 errored · gates 8\/8/,
    );
    expect(failing(report)).toEqual([]);
  });

  it('sees each handoff_to_writer tool_use as a handoff from the researcher, at its step', () => {
    expect(observed(report)).toEqual({
      'ar-heat-pumps-cold-climates': ['researcher>writer@2'],
      'ar-offshore-wind-costs': ['researcher>writer@3'],
      'ar-sodium-ion-grid-storage': ['researcher>writer@1'],
      // web_search is a tool like any other: a lookup answered by the researcher has no handoff.
      'ar-source-lookup': [],
    });
  });

  it('checks every envelope against the researcher → writer contract and the labelled facts', () => {
    expect(report.metrics.byCode['contract.violation']).toMatchObject({ count: 0, of: 3 });
    expect(report.metrics.byCode['handoff.missing_fact']).toMatchObject({ count: 0, of: 3 });
    expect(report.metrics.byCode['handoff.on_time']).toMatchObject({ count: 3, of: 3 });
  });
});

describe('baton run suites/anthropic-flawed.yaml: the hasty researcher', () => {
  let result: CliResult;
  let report: RunReport;
  beforeAll(async () => {
    ({ result, report } = await run('suites/anthropic-flawed.yaml'));
  }, 70_000);

  it('exits 1 with the three brief cases failing and the lookup passing', () => {
    expect(result.code).toBe(1);
    expect(lines(plain(result.stdout)).at(-2)).toMatch(
      /^FAIL {2}4 cases · 1 passed · 3 failed · 0 errored/,
    );
    expect(report.cases.find((c) => c.id === 'ar-source-lookup')?.status).toBe('pass');
  });

  it('reports the early handoffs, the dropped sources and the broken contract, at step 1', () => {
    expect(failing(report)).toEqual([
      'ar-heat-pumps-cold-climates 1 contract.violation',
      'ar-heat-pumps-cold-climates 1 contract.violation',
      'ar-heat-pumps-cold-climates 1 contract.violation',
      'ar-heat-pumps-cold-climates 1 handoff.early',
      'ar-heat-pumps-cold-climates 1 handoff.missing_fact',
      'ar-offshore-wind-costs 1 contract.violation',
      'ar-offshore-wind-costs 1 contract.violation',
      'ar-offshore-wind-costs 1 handoff.early',
      'ar-offshore-wind-costs 1 handoff.missing_fact',
      'ar-sodium-ion-grid-storage 1 contract.violation',
      'ar-sodium-ion-grid-storage 1 contract.violation',
      'ar-sodium-ion-grid-storage 1 contract.violation',
      'ar-sodium-ion-grid-storage 1 handoff.missing_fact',
    ]);
  });

  it('says on the console how early, which source was dropped and what the contract wanted', () => {
    const text = plain(result.stdout);

    expect(text).toContain('researcher → writer at step 1, 1 step before step 2');
    expect(text).toContain('researcher → writer at step 1, 2 steps before step 3');
    expect(text).toContain(
      'researcher → writer at step 1 did not carry source_url = https://energy-review.example/nordic-heat-pump-trial',
    );
    expect(text).toContain(
      'findings: expected an array with at least 3 items, received an array of 2 items',
    );
    expect(text).toContain('findings[0].source_url: expected a string, received no field');
  });

  it('fails the gates on exactly those codes', () => {
    const failed = report.gates.filter((g) => !g.passed).map((g) => [g.name, g.actual]);

    expect(failed).toEqual([
      ['count(handoff.early)', 2],
      ['count(handoff.missing_fact)', 3],
      ['count(contract.violation)', 8],
      ['pass_rate', 0.25],
    ]);
  });
});

describe('baton run examples/anthropic-research/streaming.yaml: streamed answers', () => {
  it('reads the same handoffs from the SDK’s server-sent event streams, and passes', async () => {
    const { result, report } = await run('examples/anthropic-research/streaming.yaml');

    expect(result.code).toBe(0);
    expect(observed(report)).toEqual({
      'ar-heat-pumps-cold-climates': ['researcher>writer@2'],
      'ar-offshore-wind-costs': ['researcher>writer@3'],
      'ar-sodium-ion-grid-storage': ['researcher>writer@1'],
      'ar-source-lookup': [],
    });
    const cassette = await readFile(
      join(REPO, 'examples/anthropic-research/cassettes/careful-streaming.json'),
      'utf8',
    );
    expect(cassette).toContain('event: content_block_delta');
  }, 70_000);
});

/** `agent tool` for each tool call in each case's reported timeline. */
const toolCalls = (report: RunReport) =>
  Object.fromEntries(
    report.cases.map((c) => [
      c.id,
      (c.timeline ?? []).flatMap((e) => (e.kind === 'tool_call' ? [`${e.agent} ${e.tool}`] : [])),
    ]),
  );

describe('tool-trajectory labels judged from model traffic alone', () => {
  // The research desk's cases with `expect.tools` added: the heat-pump brief must search twice
  // (its handoff_to_writer is a handoff, not a third call); the lookup is labelled to need no
  // tool, so its one web_search is unexpected.
  async function suiteWithTools(name: string, base: string, dir: string): Promise<string> {
    const cases = join(out.path, `${name}-cases`);
    await mkdir(cases, { recursive: true });
    const heat = await readFile(
      join(REPO, 'cases/anthropic/heat-pumps-cold-climates.yaml'),
      'utf8',
    );
    const lookup = await readFile(join(REPO, 'cases/anthropic/source-lookup.yaml'), 'utf8');
    await writeFile(
      join(cases, 'heat.yaml'),
      `${heat.trimEnd()}
  tools:
    match: strict
    calls: [{ tool: web_search, agent: researcher }, web_search]
`,
    );
    await writeFile(
      join(cases, 'lookup.yaml'),
      `${lookup.trimEnd()}
  tools: none
`,
    );
    const text = (await readFile(join(REPO, base), 'utf8'))
      .replace(/include: \[[^\]]*\]/, `include: [${cases}/*.yaml]`)
      .replaceAll('../examples/anthropic-research/', `${REPO}/examples/anthropic-research/`)
      .replace('path: ./app.ts', `path: ${dir}/app.ts`)
      .replace('file: cassettes/', `file: ${dir}/cassettes/`)
      .replace('[./contracts.ts]', `[${dir}/contracts.ts]`);
    const suite = join(out.path, `${name}.yaml`);
    await writeFile(suite, text);
    return suite;
  }

  for (const [name, base] of [
    ['tools-json', 'suites/anthropic.yaml'],
    ['tools-streamed', 'examples/anthropic-research/streaming.yaml'],
  ] as const)
    it(`sees every tool_use the model made and judges it (${name})`, async () => {
      const dir = `${REPO}/examples/anthropic-research`;
      const { report } = await run(await suiteWithTools(name, base, dir));

      expect(toolCalls(report)).toEqual({
        'ar-heat-pumps-cold-climates': ['researcher web_search', 'researcher web_search'],
        'ar-source-lookup': ['researcher web_search'],
      });
      expect(failing(report)).toEqual(['ar-source-lookup 0 tool.unexpected']);
    }, 70_000);
});

describe('model_traffic beside an SDK whose handoffs Baton already traces', () => {
  it('counts each handoff once: the OpenAI Agents desk replayed from its Responses cassette', async () => {
    const dir = `${REPO}/examples/openai-agents`;
    const text = (await readFile(join(dir, 'cassette/suite.yaml'), 'utf8'))
      .replaceAll('../../../', `${REPO}/`)
      .replace('path: ../app.ts', `path: ${dir}/app.ts`)
      .replace('[../contracts.ts]', `[${dir}/contracts.ts]`)
      .replace('file: responses.cassette.json', `file: ${dir}/cassette/responses.cassette.json`)
      .replace('cassette:', 'model_traffic: {}\ncassette:');
    const suite = join(out.path, 'agents-with-traffic.yaml');
    await writeFile(suite, text);

    const { result, report } = await run(suite);

    expect(result.code).toBe(0);
    expect(observed(report)).toEqual({
      'oa-billing-double-charge': ['triage>billing@0'],
      'oa-refund-up-front': ['triage>refunds@0'],
    });
    // The SDK's function span and the function_call in the traffic are one call.
    expect(toolCalls(report)).toEqual({
      'oa-billing-double-charge': [],
      'oa-refund-up-front': ['refunds issue_refund'],
    });
  }, 70_000);
});

describe('model traffic a suite cannot use', () => {
  it('a model request the cassette does not hold errors its case, never a verdict', async () => {
    const suite = join(out.path, 'mismatched.yaml');
    const text = (await readFile(join(REPO, 'suites/anthropic.yaml'), 'utf8'))
      .replaceAll('../', `${REPO}/`)
      .replace('variant: careful', 'variant: hasty');
    await writeFile(suite, text);

    const { result, report } = await run(suite);

    expect(result.code).toBe(1);
    // The hasty prompt makes every request new to the careful cassette.
    expect(report.cases.map((c) => c.status)).toEqual(['error', 'error', 'error', 'error']);
    expect(failing(report)).toEqual([]);
    expect(plain(result.stdout)).toContain(
      'Failed to replay POST https://api.anthropic.com/v1/messages from cassette',
    );
  }, 70_000);

  it('baton validate points at a handoff rule that names no receiver, with the fix', async () => {
    const suite = join(out.path, 'bad-rule.yaml');
    await writeFile(
      suite,
      [
        'name: bad-rule',
        `cases: { include: [${REPO}/cases/anthropic/*.yaml] }`,
        `adapter: { type: module, path: ${REPO}/examples/anthropic-research/app.ts }`,
        'cassette: { file: c.json, hosts: [api.anthropic.com] }',
        'model_traffic:',
        '  handoffs:',
        "    - { pattern: '^escalate$' }",
      ].join('\n'),
    );

    const result = await runCli(['validate', suite]);

    expect(result.code).toBe(2);
    expect(stackLines(result.stderr + result.stdout)).toEqual([]);
    expect(plain(result.stderr + result.stdout)).toContain(
      `${suite}:7:18: model_traffic.handoffs[0].pattern: expected a capture group that names the receiver, received \`^escalate$\` with none. Fix: put the receiver part in parentheses`,
    );
  });
});
