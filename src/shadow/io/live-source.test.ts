import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkFileSource } from './live-source.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-source-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const line = (name: string) =>
  `${JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [{ name }] }] }] })}\n`;

describe('checkFileSource', () => {
  it('refuses a folder and a gzip file before shadow starts, in one line with the fix', async () => {
    const gz = join(dir, 'traces.jsonl.gz');
    await writeFile(gz, gzipSync(line('a')));

    const folder = await checkFileSource(dir, dir, false).catch((e: Error) => e.message);
    const gzip = await checkFileSource(gz, dir, false).catch((e: Error) => e.message);

    expect(folder).toBe(
      `${dir}: a folder, not a trace file. Fix: pass the trace files in it (${dir}/*.jsonl)`,
    );
    expect(gzip).toBe(
      'traces.jsonl.gz: this file is gzip-compressed, and Baton reads OTLP/JSON text. Fix: decompress it first (gunzip -k traces.jsonl.gz) and pass the file gunzip writes',
    );
  });

  it('waits for a missing file it follows, and refuses one it must read --once', async () => {
    const file = join(dir, 'later.jsonl');

    const following = await checkFileSource(file, dir, false);
    const once = await checkFileSource(file, dir, true).catch((e: Error) => e.message);

    expect(following).toEqual({ note: 'later.jsonl does not exist yet: waiting for it to appear' });
    expect(once).toMatch(/^later\.jsonl: no such file\. Fix: check the path/);
  });
});
