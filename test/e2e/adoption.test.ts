import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layOutProject } from './adoption-project.ts';
import { lines, REPO, readReport, tempDir } from './helpers.ts';
import { type Packed, packedBaton } from './packed.ts';
import { type Run, run } from './packed-project.ts';

// Baton as a team adopts it: packed, installed from the tarball into a fresh project with its
// own node_modules (offline, from npm's cache), then used only through its bin and entries.

let project: { path: string; remove: () => Promise<void> };
let packed: Packed;
let installed: Run;

beforeAll(async () => {
  project = await tempDir();
  packed = await packedBaton();
  await layOutProject(project.path, packed.tarball);
  installed = await run('npm', ['install', '--offline', '--no-audit', '--no-fund'], project.path);
}, 600_000);
afterAll(() => project.remove());

const npx = (args: readonly string[]) => run('npx', ['--offline', ...args], project.path);

describe('the package', () => {
  it('holds what users run (dist, schemas, README), not tests, fixtures, bench or CI', () => {
    const paths = [...packed.files];
    const tops = [...new Set(paths.map((p) => p.split('/')[0]))].sort();

    expect(tops).toEqual(['README.md', 'dist', 'docs', 'package.json', 'schemas']);
    expect(paths).toContain('dist/cli/bin.js');
    expect(paths).toContain('dist/public/index.d.ts');
    expect(paths.filter((p) => /\.test\.|fixtures|bench|\.ci/.test(p))).toEqual([]);
  });

  it('installs offline into a fresh project from the npm cache', () => {
    expect(installed.stderr).not.toMatch(/ERR!|npm error/);
    expect(installed.code).toBe(0);
  });

  it('runs no script of its own on install (npm 11 asks the user to allow any it finds)', async () => {
    const installedPackage = join(project.path, 'node_modules/baton-handoffs/package.json');
    const { scripts = {} } = JSON.parse(await readFile(installedPackage, 'utf8')) as {
      scripts?: Record<string, string>;
    };
    const onInstall = ['preinstall', 'install', 'postinstall', 'prepare'];
    expect(Object.keys(scripts).filter((s) => onInstall.includes(s))).toEqual([]);
    expect(installed.stderr).not.toContain('baton-handoffs@');
  });

  it('loads on plain Node, by import and by require, with no TypeScript loader', async () => {
    const script = [
      "import('baton-handoffs').then((b) => console.log(typeof b.evaluateSuite,",
      "typeof require('baton-handoffs').evaluateSuite, typeof require('baton-handoffs/contracts').rules))",
    ].join(' ');
    const result = await run(process.execPath, ['-e', script], project.path);

    expect(result).toMatchObject({ code: 0, stdout: 'function function object\n', stderr: '' });
  });

  it('baton-handoffs/traces streams a recorded export on plain Node, without the rest of Baton', async () => {
    const file = join(REPO, 'test/fixtures/traces/fixed/agents-sdk.jsonl');
    const script = [
      "import('baton-handoffs/traces').then(async ({ readTraces, normalize }) => {",
      'let traces = 0; let handoffs = 0;',
      'for await (const t of readTraces(process.argv[1])) { traces++;',
      "handoffs += normalize(t.spans).events.filter((e) => e.kind === 'handoff').length; }",
      'console.log(traces, handoffs); })',
    ].join(' ');
    const result = await run(process.execPath, ['-e', script, file], project.path);
    // What the entry loads before any call: its static imports, followed through the chunks.
    const dist = join(project.path, 'node_modules/baton-handoffs/dist');
    const seen = new Set<string>();
    const packages = new Set<string>();
    const follow = async (path: string): Promise<void> => {
      if (seen.has(path)) return;
      seen.add(path);
      const text = await readFile(path, 'utf8');
      for (const [, from] of text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"/gms)) {
        if (from?.startsWith('.')) await follow(join(dirname(path), from));
        else if (from && !from.startsWith('node:') && !builtinModules.includes(from))
          packages.add(from);
      }
    };
    await follow(join(dist, 'public/traces.js'));

    expect(result).toMatchObject({ code: 0, stdout: '2 1\n', stderr: '' });
    expect(seen.size).toBeGreaterThan(1);
    expect([...packages]).toEqual([]);
  });

  it('prints its version', async () => {
    const { version } = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8'));

    expect(await npx(['baton', '--version'])).toMatchObject({ code: 0, stdout: `${version}\n` });
  });
});

describe('the quick start in a "type": "commonjs" project', () => {
  it('baton init, then baton run passes both scaffolded cases through the TypeScript adapter', async () => {
    const init = await npx(['baton', 'init']);
    const result = await npx(['baton', 'run']);

    expect(init.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(lines(result.stdout)).toContain(
      'PASS  2 cases · 2 passed · 0 failed · 0 errored · gates 4/4',
    );
  });
});

describe('the scaffolded suite run isolated, from the built package', () => {
  it.each(['worker', 'process'])(
    'isolation: %s passes the same cases the same way',
    async (mode) => {
      const suite = join(project.path, 'baton/suite.yaml');
      if (!existsSync(suite)) await npx(['baton', 'init']);
      const isolated = `baton/isolated-${mode}.yaml`;
      await writeFile(
        join(project.path, isolated),
        `${await readFile(suite, 'utf8')}\nisolation: ${mode}\n`,
      );
      const result = await npx(['baton', 'run', isolated, '--out', `reports/isolated-${mode}`]);

      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`(isolation: ${mode})`);
      expect(lines(result.stdout)).toContain(
        'PASS  2 cases · 2 passed · 0 failed · 0 errored · gates 4/4',
      );
    },
  );
});

describe("framework apps that live in the project, on the project's own SDK copies", () => {
  it('an OpenAI Agents SDK app: baton run passes', async () => {
    const result = await npx(['baton', 'run', 'agents/suite.yaml', '--out', 'reports/agents']);
    const report = await readReport(join(project.path, 'reports/agents/report.json'));

    expect(result.stderr).toBe('');
    expect(report.cases.map((c) => [c.id, c.status])).toEqual([['refund-split', 'pass']]);
    expect(result.code).toBe(0);
  });

  it('a LangGraph swarm app: baton run passes', async () => {
    const result = await npx(['baton', 'run', 'desk/suite.yaml', '--out', 'reports/desk']);
    const report = await readReport(join(project.path, 'reports/desk/report.json'));

    expect(result.stderr).toBe('');
    expect(report.cases.map((c) => [c.id, c.status])).toEqual([['refund-goes-to-refunds', 'pass']]);
    expect(result.code).toBe(0);
  });
});

describe("the project's own tools against Baton's entries", () => {
  it('a vitest suite using baton-handoffs/vitest passes', { timeout: 300_000 }, async () => {
    const result = await npx(['vitest', 'run']);

    expect(result.stdout).toMatch(/Tests\s+3 passed/);
    expect(result.code).toBe(0);
  });

  it("the project's tsc --noEmit finds no error with skipLibCheck: false", async () => {
    const all = await npx(['tsc', '-p', 'tsconfig.json']);
    const strict = await npx(['tsc', '-p', 'tsconfig.strict.json']);

    expect(all.stdout).toBe('');
    expect(strict.stdout).toBe('');
    expect([all.code, strict.code]).toEqual([0, 0]);
  }, 600_000); // two whole-program checks of every library's types
});
