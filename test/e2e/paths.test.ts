import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempDir } from './helpers.ts';

// One path rule (README, "Paths"): a path written in a suite or case resolves against that
// file, reports.dir included; a path given on the command line resolves against the working
// directory.
let project: { path: string; remove: () => Promise<void> };

beforeEach(async () => {
  project = await tempDir();
  const suiteDir = join(project.path, 'qa', 'handoffs');
  await mkdir(join(suiteDir, 'cases'), { recursive: true });
  await writeFile(
    join(suiteDir, 'quiet-desk.mjs'),
    'export default () => ({ startCase: () => ({ handle() {} }) });\n',
  );
  await writeFile(
    join(suiteDir, 'cases', 'hello.yaml'),
    [
      'id: hello',
      'title: A greeting stays with triage',
      'source: synthetic',
      'participants: { agents: [triage] }',
      'steps:',
      '  - customer: hello',
      'expect:',
      '  handoffs: none',
      '',
    ].join('\n'),
  );
  await writeFile(
    join(suiteDir, 'suite.yaml'),
    [
      'name: desk',
      'cases: { include: [cases/*.yaml] }',
      'adapter: { type: module, path: quiet-desk.mjs }',
      'reports: { dir: out/desk, formats: [json] }',
      '',
    ].join('\n'),
  );
});
afterEach(() => project.remove());

describe('paths in a suite resolve against the suite file', () => {
  it('writes reports.dir next to the suite, whatever the working directory', async () => {
    const result = await runCli(['run', 'qa/handoffs/suite.yaml'], { cwd: project.path });

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(existsSync(join(project.path, 'qa/handoffs/out/desk/report.json'))).toBe(true);
    expect(existsSync(join(project.path, 'out'))).toBe(false);
    expect(result.stdout).toContain('Reports: qa/handoffs/out/desk/report.json');
  });

  it('resolves --out against the working directory, like every flag', async () => {
    const result = await runCli(['run', 'qa/handoffs/suite.yaml', '--out', 'ci-reports'], {
      cwd: project.path,
    });

    expect(result.code).toBe(0);
    expect(existsSync(join(project.path, 'ci-reports/report.json'))).toBe(true);
    expect(existsSync(join(project.path, 'qa/handoffs/out'))).toBe(false);
  });
});
