import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { defaultSuite, defaultValidatePaths } from './defaults.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-defaults-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function touch(path: string): Promise<void> {
  await mkdir(join(dir, path, '..'), { recursive: true });
  await writeFile(join(dir, path), 'name: x\n');
}

describe('defaultValidatePaths', () => {
  test("after baton init: baton run's default suite alone", async () => {
    await touch('baton/suite.yaml');
    await touch('baton/cases/a.yaml');

    expect(defaultValidatePaths(dir)).toEqual(['baton/suite.yaml']);
    expect(defaultSuite(dir)).toBe('baton/suite.yaml');
  });

  test('the first default suite that exists, and the cases and suites folders that exist', async () => {
    await touch('suites/example.yaml');
    await touch('cases/a.yaml');

    expect(defaultValidatePaths(dir)).toEqual(['suites/example.yaml', 'cases', 'suites']);
  });

  test('nothing there: nothing to check', () => {
    expect(defaultValidatePaths(dir)).toEqual([]);
    expect(defaultSuite(dir)).toBeUndefined();
  });
});

describe('defaultSuite from a folder inside the project', () => {
  test("finds baton init's suite from a subfolder, up to the project's package.json", async () => {
    await touch('package.json');
    await touch('baton/suite.yaml');
    await mkdir(join(dir, 'src/desk'), { recursive: true });

    expect(defaultSuite(join(dir, 'src/desk'))).toBe('../../baton/suite.yaml');
    expect(defaultSuite(join(dir, 'baton'))).toBe('suite.yaml');
  });

  test('looks no higher than the project: a suite above its package.json is none of its own', async () => {
    await touch('baton/suite.yaml');
    await touch('app/package.json');
    await mkdir(join(dir, 'app/src'), { recursive: true });

    expect(defaultSuite(join(dir, 'app/src'))).toBeUndefined();
  });
});
