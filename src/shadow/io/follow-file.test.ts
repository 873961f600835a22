import { appendFile, mkdtemp, rename, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SpanRecord } from '../../normalize/span-record.ts';
import { FileFollower, type FollowProblem } from './follow-file.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-follow-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** One export request line holding one span named `name`. */
function line(name: string): string {
  const span = {
    traceId: '0af7651916cd43dd8448eb211c80319c',
    spanId: 'b7ad6b7169203331',
    name,
    startTimeUnixNano: '1700000000000000000',
    endTimeUnixNano: '1700000000100000000',
  };
  return `${JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] })}\n`;
}

function follower(file: string, fromStart = true) {
  const names: string[] = [];
  const problems: FollowProblem[] = [];
  const f = new FileFollower(file, {
    fromStart,
    onSpans: (spans: SpanRecord[]) => names.push(...spans.map((s) => s.name)),
    onProblem: (p) => problems.push(p),
  });
  return { f, names, problems };
}

describe('following a Collector file', () => {
  it('reads complete lines as they come, holding a line until its newline arrives', async () => {
    const file = join(dir, 'traces.jsonl');
    await writeFile(file, line('a'));
    const { f, names } = follower(file);
    await f.poll();
    const b = line('b');
    await appendFile(file, b.slice(0, 40));
    await f.poll();
    expect(names).toEqual(['a']);
    await appendFile(file, b.slice(40) + line('c'));
    await f.poll();
    expect(names).toEqual(['a', 'b', 'c']);
    await f.close();
  });

  it('starts at the end of the file unless asked to read it from the start', async () => {
    const file = join(dir, 'traces.jsonl');
    await writeFile(file, line('old'));
    const { f, names } = follower(file, false);
    await f.poll();
    await appendFile(file, line('new'));
    await f.poll();
    expect(names).toEqual(['new']);
    await f.close();
  });

  it('reads a rotated file to its end, then the new file from its start', async () => {
    const file = join(dir, 'traces.jsonl');
    await writeFile(file, line('a'));
    const { f, names } = follower(file);
    await f.poll();
    await appendFile(file, line('b'));
    await rename(file, join(dir, 'traces-2026-12-01T10-00-00.000.jsonl'));
    await f.poll();
    await writeFile(file, line('c'));
    await f.poll();
    expect(names).toEqual(['a', 'b', 'c']);
    await f.close();
  });

  it('reads a truncated file again from its start', async () => {
    const file = join(dir, 'traces.jsonl');
    await writeFile(file, line('a') + line('b'));
    const { f, names } = follower(file);
    await f.poll();
    await truncate(file, 0);
    await appendFile(file, line('c'));
    await f.poll();
    expect(names).toEqual(['a', 'b', 'c']);
    await f.close();
  });

  it('waits for a file that does not exist yet, and names the line of a bad one', async () => {
    const file = join(dir, 'later.jsonl');
    const { f, names, problems } = follower(file, false);
    await f.poll();
    await writeFile(
      file,
      `${line('a')}{not json\n${JSON.stringify({ resourceMetrics: [] })}\n${line('b')}`,
    );
    await f.poll();
    expect(names).toEqual(['a', 'b']);
    expect(problems).toMatchObject([
      { file, line: 2, message: expect.stringMatching(/^not valid JSON/) },
    ]);
    await f.close();
  });

  it('reads the first line of a file that starts with a UTF-8 byte-order mark', async () => {
    const file = join(dir, 'bom.jsonl');
    await writeFile(file, `\uFEFF${line('a')}${line('b')}`);
    const { f, names, problems } = follower(file);
    await f.poll();
    expect(problems).toEqual([]);
    expect(names).toEqual(['a', 'b']);
    await f.close();
  });
});
