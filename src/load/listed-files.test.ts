import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readUserBytesSync } from './files.ts';
import { listedFiles } from './listed-files.ts';
import { loadSuiteCases } from './load-suite-cases.ts';
import { readListedBytesSync } from './read-listed.ts';
import { readPolicy } from './read-policy.ts';

let project: string;
let elsewhere: string;
const at = (name: string) => join(project, 'cases', name);

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'baton-listed-'));
  elsewhere = mkdtempSync(join(tmpdir(), 'baton-elsewhere-'));
  mkdirSync(join(project, '.git'));
  mkdirSync(join(project, 'cases', 'sub'), { recursive: true });
  writeFileSync(join(project, 'suite.yaml'), 'name: s\n');
  writeFileSync(at('plain.yaml'), 'id: plain\n');
  writeFileSync(at('sub/inner.yaml'), 'id: inner\n');
  writeFileSync(join(elsewhere, 'secret.yaml'), 'secret: 1\n');
  symlinkSync(at('plain.yaml'), at('link-in.yaml'));
  symlinkSync(join(elsewhere, 'secret.yaml'), at('link-out.yaml'));
  symlinkSync(join(elsewhere), join(project, 'cases', 'linked-folder'));
});
afterAll(() => {
  rmSync(project, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

describe('listedFiles', () => {
  test('agrees with a check of each file: links out of the project stay outside', () => {
    const policy = readPolicy(join(project, 'suite.yaml'), [], project);
    const files = ['plain.yaml', 'sub/inner.yaml', 'link-in.yaml', 'link-out.yaml']
      .map(at)
      .concat(join(project, 'cases', 'linked-folder', 'secret.yaml'), at('missing.yaml'));
    const listed = listedFiles(files, policy);

    expect(listed.inside).toEqual(files.filter((f) => policy.allows(f)));
    expect(listed.outside).toEqual([at('link-out.yaml'), files[4]]);
    // Only files listed as regular in a folder inside the project skip the per-file check.
    expect([...listed.regular]).toEqual([at('plain.yaml'), at('sub/inner.yaml')]);
  });
});

describe('loadSuiteCases over listed folders', () => {
  test('reads plain files and links inside the project, and names a link out of it', async () => {
    mkdirSync(at('suite'));
    writeFileSync(at('suite/case.yaml'), CASE);
    writeFileSync(at('suite/other.yaml'), CASE.replace('id: c', 'id: d'));
    symlinkSync(at('suite/other.yaml'), at('suite/linked.yaml'));
    writeFileSync(join(elsewhere, 'outside.yaml'), CASE.replace('id: c', 'id: outside'));
    symlinkSync(join(elsewhere, 'outside.yaml'), at('suite/out.yaml'));
    const suite = {
      file: join(project, 'suite.yaml'),
      config: { cases: { include: ['cases/suite/*.yaml'], exclude: [] } },
    } as unknown as Parameters<typeof loadSuiteCases>[0];

    const { cases, problems } = await loadSuiteCases(suite);

    // linked.yaml is other.yaml again: its case is read, and its id is a duplicate.
    expect(cases.map((c) => c.id)).toEqual(['c', 'd']);
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      [
        'cases.include[0]',
        `the case file ${at('suite/out.yaml')} is outside the project (${realpathSync.native(project)}), and Baton reads only inside it`,
      ],
      ['id', expect.stringContaining('received "d", already used in')],
    ]);
  });
});

const CASE = `id: c
title: t
source: s
participants: { agents: [a] }
steps:
  - customer: hi
expect: { handoffs: none }
`;

describe('readListedBytesSync', () => {
  const read = (file: string) => readListedBytesSync(file, { caseFile: true });
  const text = (r: ReturnType<typeof read>) => (r.ok ? Buffer.from(r.value).toString() : r);

  test('reads a listed file as readUserBytesSync does', () => {
    expect(text(read(at('plain.yaml')))).toBe('id: plain\n');
    expect(read(at('plain.yaml'))).toEqual(readUserBytesSync(at('plain.yaml'), { caseFile: true }));
  });

  test('a file that became a link, a folder or is gone gets the same problem as an unlisted one', () => {
    for (const name of ['link-out.yaml', 'link-in.yaml', 'sub', 'missing.yaml'])
      expect(read(at(name))).toEqual(readUserBytesSync(at(name), { caseFile: true }));
    expect(read(at('link-out.yaml'))).toMatchObject({ ok: false });
  });

  test.skipIf(process.platform === 'win32')(
    'a named pipe in its place is refused, not waited on',
    () => {
      const fifo = at('pipe.yaml');
      execFileSync('mkfifo', [fifo]);
      const result = read(fifo);
      rmSync(fifo);
      expect(result).toMatchObject({
        ok: false,
        problems: [{ message: expect.stringMatching(/pipe/) }],
      });
    },
  );
});
