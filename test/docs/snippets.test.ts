import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { globSync } from 'tinyglobby';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../e2e/helpers.ts';
import { type Snippet, snippetsOf } from './snippets.ts';

// Every TypeScript snippet in the README and docs/ is type-checked as a module of its own,
// against Baton's entries by package name, so a stale snippet fails CI. Snippets of one Markdown
// file share a folder: one may import another by the name its first line gives (`// x.ts`).
const OUT = join(REPO, '.snippets');
const DOCS = ['README.md', ...globSync(['docs/**/*.md', 'examples/**/README.md'], { cwd: REPO })];
const snippets = DOCS.flatMap((doc) => snippetsOf(doc, REPO));

const folderOf = (s: Snippet) => join(OUT, s.doc.replaceAll('/', '__'));

interface Problem {
  readonly where: string;
  readonly message: string;
}

let problems: Problem[] = [];

beforeAll(async () => {
  await rm(OUT, { recursive: true, force: true });
  for (const s of snippets) {
    await mkdir(folderOf(s), { recursive: true });
    await writeFile(join(folderOf(s), s.name), s.code);
  }
  const tsconfig = {
    extends: '../tsconfig.json',
    // A snippet may show a value it does not use.
    compilerOptions: { noUnusedLocals: false, noUnusedParameters: false },
    include: ['**/*.ts'],
  };
  await writeFile(join(OUT, 'tsconfig.json'), JSON.stringify(tsconfig));
  const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
  const output = await new Promise<string>((resolve) =>
    execFile(process.execPath, [tsc, '-p', OUT, '--pretty', 'false'], (_e, stdout) =>
      resolve(stdout),
    ),
  );
  problems = output
    .split('\n')
    .filter((l) => l.includes(': error TS'))
    .map(toProblem);
}, 300_000);

/** `file.ts(3,7): error TS…` → the Markdown file and line the snippet line came from. */
function toProblem(line: string): Problem {
  const m = /^(.+?)\((\d+),\d+\): (error TS.*)$/.exec(line);
  const snippet = m && snippets.find((s) => join(REPO, m[1]!) === join(folderOf(s), s.name));
  if (!m || !snippet) return { where: '(unknown)', message: line };
  return { where: `${snippet.doc}:${snippet.line + Number(m[2]) - 1}`, message: m[3]! };
}

describe('TypeScript snippets in the README and docs/', () => {
  it('are found (a README without them would make this test pass for nothing)', () => {
    expect(snippets.length).toBeGreaterThan(10);
  });

  it('type-check as written', () => {
    expect(problems).toEqual([]);
  });

  it('import Baton by its package name, as a user copies them', () => {
    const bad = snippets
      .filter((s) => /from '(\.\.\/)+src\/|from 'baton(\/[^']*)?'/.test(s.code))
      .map((s) => `${s.doc}:${s.line}`);

    expect(bad).toEqual([]);
  });
});
