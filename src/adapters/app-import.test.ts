import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatonError } from '../errors.ts';
import { importFromApp, packageOf, resolveFromApp } from './app-import.ts';

let root: string;

/** A package `sdk` with a CommonJS and an ES build, as framework SDKs ship. */
async function writeSdk(dir: string, copy: string): Promise<void> {
  await mkdir(join(dir, 'dist'), { recursive: true });
  const exports = {
    '.': { require: './dist/index.cjs', import: './dist/index.mjs' },
    './extra': { import: './dist/extra.mjs' },
  };
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'sdk', exports }));
  await writeFile(join(dir, 'dist/index.mjs'), `export const copy = ${JSON.stringify(copy)};`);
  await writeFile(join(dir, 'dist/index.cjs'), `exports.copy = 'cjs';`);
  await writeFile(join(dir, 'dist/extra.mjs'), 'export const extra = true;');
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'baton-app-import-'));
  // An app with its own copy, nested under a folder that has another.
  await writeSdk(join(root, 'node_modules/sdk'), 'outer');
  await writeSdk(join(root, 'app/node_modules/sdk'), 'app');
  await mkdir(join(root, 'app/src'), { recursive: true });
  // A linked app: its node_modules/sdk is a symlink into a store.
  await writeSdk(join(root, 'store/sdk'), 'store');
  await mkdir(join(root, 'linked/node_modules'), { recursive: true });
  await symlink(join(root, 'store/sdk'), join(root, 'linked/node_modules/sdk'));
  await mkdir(join(root, 'bare'), { recursive: true });
});
afterAll(() => rm(root, { recursive: true, force: true }));

const app = (file: string) => ({ file: join(root, file), given: file, what: 'agents app' });

describe('importFromApp', () => {
  it('imports the ES build of the copy nearest the app module, as the app itself would', async () => {
    const mod = await importFromApp<{ copy: string }>('sdk', app('app/src/desk.ts'));

    expect(mod.copy).toBe('app');
  });

  it('follows a symlinked install to the real package, like Node does', () => {
    expect(resolveFromApp('sdk', app('linked/desk.ts'))).toBe(
      pathToFileURL(join(root, 'store/sdk/dist/index.mjs')).href,
    );
  });

  it('resolves subpath exports', () => {
    expect(resolveFromApp('sdk/extra', app('app/desk.ts'))).toMatch(
      /app\/node_modules\/sdk\/dist\/extra\.mjs$/,
    );
  });

  it('fails in one line naming the app, where it looked and the install that fixes it', () => {
    const attempt = () => resolveFromApp('@openai/agents', app('bare/desk.ts'));

    expect(attempt).toThrow(BatonError);
    expect(attempt).toThrow(
      `Failed to load @openai/agents for the agents app bare/desk.ts: the app cannot import it (looked from ${join(root, 'bare')} up). Install it in the app's own project: npm i @openai/agents.`,
    );
  });

  it('says when the app resolves a copy without the entry Baton needs', () => {
    expect(() => resolveFromApp('sdk/missing', app('app/desk.ts'))).toThrow(
      "the sdk the app resolves has no `sdk/missing` entry (too old?). Install it in the app's own project: npm i sdk.",
    );
  });
});

describe('packageOf', () => {
  it('names the package of a bare specifier', () => {
    expect(packageOf('@langchain/core/messages')).toBe('@langchain/core');
    expect(packageOf('openai/resources')).toBe('openai');
  });
});
