import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localImports } from './import-graph.ts';
import { planRerun } from './plan-rerun.ts';
import { scanSuite } from './watch-targets.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-watch-targets-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A project whose suite's adapter lives in baton/ and imports the app from src/. */
async function project(adapter: string): Promise<void> {
  const files: Record<string, string> = {
    'package.json': '{ "type": "module" }\n',
    'baton/suite.yaml':
      'name: w\ncases: { include: [cases/*.yaml] }\nadapter: { type: module, path: desk.ts }\n',
    'baton/desk.ts': adapter,
    'src/desk/graph.ts':
      "import { route } from './route.js';\nimport type { Ticket } from '../types.ts';\nexport const graph = (t: Ticket) => route(t.text);\n",
    'src/desk/route.ts':
      "export const route = (text: string) => (text.includes('refund') ? 'refunds' : undefined);\n",
    'src/types.ts': 'export interface Ticket { text: string }\n',
    'src/unused.ts': 'export const nobody = 1;\n',
    'node_modules/some-lib/package.json':
      '{ "name": "some-lib", "type": "module", "main": "index.js" }\n',
    'node_modules/some-lib/index.js': 'export const lib = 1;\n',
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

const DESK = `import { lib } from 'some-lib';
import { graph } from '../src/desk/graph.ts';
export default () => ({ startCase: () => ({ handle: () => { graph({ text: String(lib) }); } }) });
`;

describe('localImports', () => {
  it('follows an implementation module into the app it imports, without packages', async () => {
    await project(DESK);

    const files = await localImports(join(dir, 'baton/desk.ts'));

    expect(files?.map((f) => f.slice(dir.length + 1))).toEqual([
      'baton/desk.ts',
      'src/desk/graph.ts',
      'src/desk/route.ts',
    ]);
  });

  it('follows an import() of a literal path too', async () => {
    await project(
      "export default async () => { const { graph } = await import('../src/desk/graph.ts'); return graph; };\n",
    );

    const files = await localImports(join(dir, 'baton/desk.ts'));

    expect(files).toContain(join(dir, 'src/desk/route.ts'));
  });

  it('gives up on a module it cannot read, for the caller to watch its folder', async () => {
    await project('export default () => { this is not code\n');

    expect(await localImports(join(dir, 'baton/desk.ts'))).toBeUndefined();
  });
});

describe('scanSuite: the implementation a watch re-runs for', () => {
  it('re-runs every case when a file the adapter imports from elsewhere changes, not for one it does not', async () => {
    await project(DESK);

    const scan = await scanSuite('baton/suite.yaml', dir, {}, undefined);
    if (!scan.ok) throw new Error('the suite should load');

    expect(planRerun([join(dir, 'src/desk/route.ts')], scan.targets)).toEqual({
      kind: 'suite',
      because: join(dir, 'src/desk/route.ts'),
    });
    expect(planRerun([join(dir, 'src/unused.ts')], scan.targets)).toEqual({ kind: 'none' });
    expect(planRerun([join(dir, 'node_modules/some-lib/index.js')], scan.targets)).toEqual({
      kind: 'none',
    });
  });
});
