import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lines, REPO, readReport, runCli, tempDir } from './helpers.ts';

let project: { path: string; remove: () => Promise<void> };

beforeEach(async () => {
  project = await tempDir();
  await writeFile(
    join(project.path, 'package.json'),
    `${JSON.stringify({ name: 'desk', version: '1.0.0', type: 'commonjs' }, null, 2)}\n`,
  );
  // The scaffolded adapter imports baton-handoffs, as it would from the project's node_modules.
  await mkdir(join(project.path, 'node_modules'));
  await symlink(REPO, join(project.path, 'node_modules/baton-handoffs'), 'dir');
});
afterEach(() => project.remove());

const SCAFFOLD = [
  'baton/suite.yaml',
  'baton/cases/refund-goes-to-refunds.yaml',
  'baton/cases/greeting-stays-with-triage.yaml',
  'baton/adapter.ts',
  '.github/workflows/handoffs.yml',
];

describe('baton init', () => {
  it('scaffolds a suite, two labelled cases, an adapter and a workflow, and says what next', async () => {
    const result = await runCli(['init'], { cwd: project.path });

    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    for (const file of SCAFFOLD) expect(existsSync(join(project.path, file)), file).toBe(true);
    expect(lines(result.stdout).slice(0, 5)).toEqual(SCAFFOLD.map((f) => `created  ${f}`));
    expect(result.stdout).toContain('npx baton run baton/suite.yaml');
  });

  it('writes a workflow whose baton step, run as in GitHub Actions, appends the Markdown report to the job summary', async () => {
    await runCli(['init'], { cwd: project.path });
    const workflow = await readFile(join(project.path, '.github/workflows/handoffs.yml'), 'utf8');
    const step = /- run: npx baton (run .*)$/m.exec(workflow)?.[1] ?? '';
    const summary = join(project.path, 'summary.md');
    await writeFile(summary, '## earlier step\n');

    const result = await runCli(step.split(' '), {
      cwd: project.path,
      env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary },
    });
    const text = await readFile(summary, 'utf8');

    expect(step).toMatch(/^run baton\/suite\.yaml .*--reporter \S*github/);
    expect(result.code).toBe(0);
    expect(text.startsWith('## earlier step\n')).toBe(true);
    expect(text).toContain('## ✅ Baton: handoffs');
    expect(text).toContain('| handoff.on_time | 1 | 1 expected handoff |');
    expect(existsSync(join(project.path, 'baton-report/report.html'))).toBe(true);
    expect(workflow).toContain('uses: actions/upload-artifact@v4');
  });

  it('--adapter http scaffolds a stand-in service that Baton starts, and both cases pass on its answers', async () => {
    const init = await runCli(['init', '--adapter', 'http'], { cwd: project.path });
    const out = join(project.path, 'out');
    const result = await runCli(['run', 'baton/suite.yaml', '--out', out], {
      cwd: project.path,
      killAfterMs: 60_000,
    });

    expect(init.code).toBe(0);
    expect(lines(init.stdout)).toContain('created  baton/service.mjs');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(lines(result.stdout)).toContain(
      'PASS  2 cases · 2 passed · 0 failed · 0 errored · gates 4/4',
    );
    const report = await readReport(join(out, 'report.json'));
    expect(report.suite.adapter).toMatch(/^http http:\/\/127\.0\.0\.1:\d+\/turn$/);
    expect(
      report.cases.flatMap((c) => c.handoffs.map((h) => `${h.from}>${h.to} ${h.reason}`)),
    ).toEqual(['triage>refunds capability_boundary']);
  });

  it('refuses an adapter it does not scaffold, naming those it does, writing nothing', async () => {
    const result = await runCli(['init', '--adapter', 'traces'], { cwd: project.path });

    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      expect.stringMatching(
        /^baton: Failed to scaffold: --adapter traces is not one baton init writes, and nothing was written\. Use --adapter module, --adapter langgraph, --adapter openai-agents, --adapter http; /,
      ),
    ]);
    expect(existsSync(join(project.path, 'baton'))).toBe(false);
  });

  it('refuses to overwrite an existing file without --force, writing nothing', async () => {
    await runCli(['init'], { cwd: project.path });
    await writeFile(join(project.path, 'baton/adapter.ts'), '// my own adapter\n');

    const refused = await runCli(['init'], { cwd: project.path });
    const adapter = await readFile(join(project.path, 'baton/adapter.ts'), 'utf8');
    const forced = await runCli(['init', '--force'], { cwd: project.path });

    expect(refused.code).toBe(2);
    expect(lines(refused.stderr)).toEqual([
      expect.stringMatching(
        /^baton: Failed to scaffold: baton\/suite\.yaml, .*baton\/adapter\.ts, \.github\/workflows\/handoffs\.yml already exist, and nothing was written\. .*baton init --force/,
      ),
    ]);
    expect(adapter).toBe('// my own adapter\n');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('overwrote  baton/adapter.ts');
  });
});

describe('baton run right after baton init, in a "type": "commonjs" project', () => {
  it('finds baton/suite.yaml by default and passes both cases through the TypeScript adapter', async () => {
    await runCli(['init'], { cwd: project.path });

    const result = await runCli(['run'], { cwd: project.path });
    const report = await readReport(join(project.path, 'reports/handoffs/report.json'));

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(report.summary).toMatchObject({ cases: 2, passed: 2, failed: 0, errored: 0 });
  });
});

describe('baton init and baton run from a folder inside the project', () => {
  it('run finds the suite and writes to the same reports folder; init refuses to scaffold there', async () => {
    await runCli(['init'], { cwd: project.path });
    const inside = join(project.path, 'src/desk');
    await mkdir(inside, { recursive: true });

    const run = await runCli(['run'], { cwd: inside });
    const init = await runCli(['init'], { cwd: inside });

    expect(run.code).toBe(0);
    expect(existsSync(join(project.path, 'reports/handoffs/report.json'))).toBe(true);
    expect(existsSync(join(inside, 'reports'))).toBe(false);
    expect(init.code).toBe(2);
    expect(lines(init.stderr)).toEqual([
      `baton: Failed to scaffold: ${inside} is inside the project at ${project.path} (its package.json), and nothing was written. Run baton init there (cd ../..), where baton run finds baton/suite.yaml from any of its folders.`,
    ]);
    expect(existsSync(join(inside, 'baton'))).toBe(false);
  });
});

describe('baton validate right after baton init', () => {
  it('checks the scaffolded suite and its two cases by default, and finds them valid', async () => {
    await runCli(['init'], { cwd: project.path });

    const result = await runCli(['validate'], { cwd: project.path });

    expect(result.code).toBe(0);
    expect(lines(result.stdout)).toEqual([
      'Checked 2 case file(s) and 1 suite file(s): all valid.',
    ]);
    expect(result.stderr).toBe('');
  });
});

describe('baton --version', () => {
  it("prints the package's version and exits 0", async () => {
    const { version } = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8'));

    const result = await runCli(['--version']);

    expect(result).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
  });
});
