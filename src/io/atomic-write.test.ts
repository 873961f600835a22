import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { BatonError } from '../errors.ts';
import { writeFileAtomic } from './atomic-write.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-atomic-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('pieces of strings and bytes are written as one file', async () => {
  const path = join(dir, 'report.xml');

  await writeFileAtomic(path, ['<a>', new TextEncoder().encode('é'), '</a>\n']);

  expect(await readFile(path, 'utf8')).toBe('<a>é</a>\n');
  expect(await readdir(dir)).toEqual(['report.xml']);
});

test('a piece that cannot be made fails with its own error, and nothing is left behind', async () => {
  const path = join(dir, 'junit.xml');
  const unreadable = new BatonError(
    'usage',
    'Failed to read big.json: cases[17] is not valid JSON',
  );
  const pieces = function* () {
    yield '<testsuites>';
    throw unreadable;
  };

  await expect(writeFileAtomic(path, pieces())).rejects.toBe(unreadable);
  expect(await readdir(dir)).toEqual([]);
});

test('a failed write names the file and the fix', async () => {
  await expect(writeFileAtomic(join(dir, 'no', 'such', 'report.html'), ['x'])).rejects.toThrow(
    /Failed to write .*report\.html: the folder does not exist.*Pass --out/,
  );
});
