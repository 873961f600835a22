import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A generated workload: the folder a tool runs in, and a check that every case passed. */
export interface Workload {
  readonly dir: string;
  readonly check: () => void;
}

const id = (i: number) => String(i).padStart(5, '0');
const message = (i: number) => `I'd like a refund for order A-${id(i)}.`;

/** The router both tools drive: one handoff decision, triage to refunds on a refund request. */
const ROUTER = `const route = (text) => (/refund/i.test(text) ? 'refunds' : undefined);`;

const caseYaml = (i: number) =>
  [
    `id: refund-${id(i)}`,
    'title: A refund request goes to refunds',
    'source: synthetic',
    'participants: { agents: [triage, refunds] }',
    'steps:',
    `  - customer: "${message(i)}"`,
    'expect:',
    '  handoffs:',
    '    - { from: triage, to: refunds, at: 0 }',
    '',
  ].join('\n');

/** How Baton's cases are laid out: one file a case, or all in one YAML stream (as promptfoo's). */
export type BatonLayout = 'files' | 'stream';

/**
 * Baton's side: one case file per case (as a team writes them) or every case in one YAML stream
 * (`---` between cases, as promptfoo reads its tests from one file), a suite at concurrency 4
 * that writes report.json, and a module adapter that emits the router's handoff.
 */
export function writeBatonWorkload(
  dir: string,
  n: number,
  batonRoot: string,
  layout: BatonLayout = 'files',
): Workload {
  mkdirSync(join(dir, 'cases'), { recursive: true });
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(batonRoot, join(dir, 'node_modules/baton-handoffs'), 'dir');
  if (layout === 'stream') {
    const all: string[] = [];
    for (let i = 1; i <= n; i++) all.push(caseYaml(i));
    writeFileSync(join(dir, 'cases', 'refunds.yaml'), all.join('---\n'));
  } else {
    for (let i = 1; i <= n; i++)
      writeFileSync(join(dir, 'cases', `refund-${id(i)}.yaml`), caseYaml(i));
  }
  writeFileSync(
    join(dir, 'suite.yaml'),
    [
      'name: peer',
      'cases: { include: [cases/*.yaml] }',
      'adapter: { type: module, path: router.mjs }',
      'concurrency: 4',
      'reports: { dir: out, formats: [json] }',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'router.mjs'),
    `import { emitHandoff, withAgentTurn } from 'baton-handoffs/conventions';
${ROUTER}
export default () => ({
  startCase(info) {
    return {
      handle(step) {
        const to = step.kind === 'customer' ? route(step.text) : undefined;
        if (to) withAgentTurn(info.entry, () => emitHandoff({ from: info.entry, to }));
      },
    };
  },
});
`,
  );
  return {
    dir,
    check() {
      const report = JSON.parse(readFileSync(join(dir, 'out/report.json'), 'utf8'));
      if (report.summary?.passed !== n)
        throw new Error(`baton passed ${report.summary?.passed} of ${n} cases in ${dir}`);
    },
  };
}

/**
 * promptfoo's side: its usual layout (one config, the tests in one YAML file), a custom
 * JavaScript provider returning the router's decision, and one JavaScript assertion on it.
 */
export function writePromptfooWorkload(
  dir: string,
  n: number,
): Workload & { args: readonly string[] } {
  mkdirSync(dir, { recursive: true });
  const tests: string[] = [];
  for (let i = 1; i <= n; i++)
    tests.push(
      `- vars: { message: "${message(i)}" }`,
      `  assert: [{ type: javascript, value: "JSON.parse(output).to === 'refunds'" }]`,
    );
  writeFileSync(join(dir, 'tests.yaml'), `${tests.join('\n')}\n`);
  writeFileSync(
    join(dir, 'promptfooconfig.yaml'),
    [
      'description: peer',
      "prompts: ['{{message}}']",
      'providers: [file://router.mjs]',
      'tests: file://tests.yaml',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'router.mjs'),
    `${ROUTER}
export default class Router {
  id() { return 'router'; }
  async callApi(prompt) {
    return { output: JSON.stringify({ from: 'triage', to: route(prompt) ?? null }) };
  }
}
`,
  );
  return {
    dir,
    args: [
      '-c',
      'promptfooconfig.yaml',
      '-j',
      '4',
      '--no-cache',
      '--no-write',
      '--no-table',
      '--no-progress-bar',
      '-o',
      'results.json',
    ],
    check() {
      const out = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
      const passed = out.results?.stats?.successes;
      if (passed !== n) throw new Error(`promptfoo passed ${passed} of ${n} tests in ${dir}`);
    },
  };
}

/** A preload that records each Node process's own CPU seconds when it exits. */
export function writeCpuHook(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'cpu-hook.cjs');
  writeFileSync(
    file,
    `const { mkdirSync, writeFileSync } = require('node:fs');
process.on('exit', () => {
  const dir = process.env.BATON_BENCH_CPU_DIR;
  // Process-wide (every thread's) CPU: counted once, by the main thread.
  if (!dir || !require('node:worker_threads').isMainThread) return;
  const u = process.cpuUsage();
  mkdirSync(dir, { recursive: true });
  writeFileSync(dir + '/' + process.pid, String((u.user + u.system) / 1e6));
});
`,
  );
  return file;
}
