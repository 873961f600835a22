import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandTraceFiles, expandTraceFilesSync } from './trace-file-globs.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baton-globs-'));
  mkdirSync(join(dir, 'exports/rotated'), { recursive: true });
  mkdirSync(join(dir, 'suites'));
  for (const f of ['traces.jsonl', 'traces-2026-03-10T09-05.jsonl', 'notes.txt'])
    writeFileSync(join(dir, 'exports/rotated', f), '');
  writeFileSync(join(dir, 'exports/one.jsonl'), '');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('expandTraceFiles: a traces adapter’s files, paths and globs', () => {
  it('expands globs relative to the suite’s folder, sorted, keeping the list’s order, each file once', async () => {
    const suites = join(dir, 'suites');
    const given = ['../exports/one.jsonl', '../exports/rotated/*.jsonl', '../exports/**/one.jsonl'];

    const found = await expandTraceFiles(suites, given);

    expect(found).toEqual({
      files: [
        join(dir, 'exports/one.jsonl'),
        join(dir, 'exports/rotated/traces-2026-03-10T09-05.jsonl'),
        join(dir, 'exports/rotated/traces.jsonl'),
      ],
      unmatched: [],
    });
    expect(expandTraceFilesSync(suites, given)).toEqual(found);
  });

  it('names a glob that matches nothing, and keeps a plain path as written for the reader to judge', async () => {
    const found = await expandTraceFiles(dir, ['exports/missing.jsonl', 'exports/*.ndjson']);

    expect(found).toEqual({
      files: [join(dir, 'exports/missing.jsonl')],
      unmatched: [{ index: 1, pattern: 'exports/*.ndjson' }],
    });
  });
});
