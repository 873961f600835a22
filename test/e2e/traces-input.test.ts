import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERSONS } from '../../src/shadow/render-stats.ts';
import { FIXTURES, lines, REPO, runCli, stackLines, tempDir } from './helpers.ts';

const DIR = `${FIXTURES}/traces-input`;
const DESK = `${DIR}/desk.jsonl`;

let tmp: { path: string; remove: () => Promise<void> };
let desk: string;
beforeAll(async () => {
  tmp = await tempDir();
  desk = await readFile(join(REPO, DESK), 'utf8');
});
afterAll(() => tmp.remove());

/** A variant of desk.jsonl in the temporary folder, where the CLI then runs. */
async function variant(name: string, bytes: string | Uint8Array): Promise<void> {
  await writeFile(join(tmp.path, name), bytes);
}
const stats = (args: readonly string[], cwd = tmp.path) =>
  runCli(['traces', 'stats', ...args], { cwd });

describe('baton traces stats on a file it cannot read at all', () => {
  it('names a missing file in one line with the fix, and exits 2 as other usage errors do', async () => {
    const run = await stats([`${DIR}/nope.jsonl`], REPO);

    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `baton: ${DIR}/nope.jsonl: no such file. Fix: check the path (relative to the current folder on the command line, to the file that names it in a suite or case)\n`,
    );
  });

  it('names a folder and says which files to pass instead', async () => {
    const run = await stats([DIR], REPO);

    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `baton: ${DIR}: a folder, not a trace file. Fix: pass the trace files in it (${DIR}/*.jsonl)\n`,
    );
  });

  it('says a gzip file is compressed and how to decompress it, instead of counting nothing', async () => {
    await variant('desk.jsonl.gz', gzipSync(desk));

    const run = await stats(['desk.jsonl.gz']);

    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'baton: desk.jsonl.gz: this file is gzip-compressed, and Baton reads OTLP/JSON text. Fix: decompress it first (gunzip -k desk.jsonl.gz) and pass the file gunzip writes\n',
    );
    expect(stackLines(run.stderr)).toEqual([]);
  });
});

describe('baton traces stats on a file read in part', () => {
  it('reads a file that starts with a UTF-8 byte-order mark whole', async () => {
    await variant('bom.jsonl', `\uFEFF${desk}`);

    const run = await stats(['bom.jsonl', '--persons', 'oncall']);

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Production metrics of bom\.jsonl: 3 conversations, 3 handoffs\n/);
  });

  it('prints the metrics, names each bad line with a fix, says how many were skipped and exits 2', async () => {
    await variant('bad.jsonl', `${desk}{"resourceSpans": [\noops\n{"spans":[]}\n`);

    const run = await stats(['bad.jsonl', '--persons', 'oncall']);

    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/^Production metrics of bad\.jsonl: 3 conversations, 3 handoffs\n/);
    const fix =
      'Fix: repair or remove the line (each line must be one whole OTLP/JSON export request), or export the file again';
    expect(lines(run.stderr)).toEqual([
      `baton: bad.jsonl:10: not valid JSON (Unexpected end of JSON input). ${fix}`,
      `baton: bad.jsonl:11: not valid JSON (Unexpected token 'o'). ${fix}`,
      `baton: bad.jsonl:12: not an OTLP export request (no resourceSpans). ${fix}`,
      'baton: bad.jsonl: 3 lines or spans could not be read and were skipped, so the metrics above leave them out. Fix: repair or remove them (named above), or export the file again',
    ]);
  });

  it('counts every skipped line in the JSON, and still writes it', async () => {
    const run = await stats(['bad.jsonl', '--json', '-']);

    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({ problems: 3, metrics: { conversations: 3 } });
  });
});

describe('baton traces stats and people', () => {
  it('says no receiver is known to be a person instead of a bare 0 undecided', async () => {
    const run = await stats([DESK], REPO);

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/escalations left undecided +0 \(no person known, see below\)\n/);
    expect(run.stdout).toContain(`\n${NO_PERSONS}\n`);
  });

  it('counts the escalation once --persons names the person', async () => {
    const run = await stats([DESK, '--persons', 'oncall'], REPO);

    expect(run.stdout).toMatch(/escalations left undecided +1: conv-b\n/);
    expect(run.stdout).toMatch(/ {2}oncall \(person\) .* 0 +1\n/);
    expect(run.stdout).not.toContain(NO_PERSONS);
  });

  it('takes a handoff span marked baton.handoff.target_kind=person as a handoff to a person', async () => {
    const marked = desk.replace(
      /("key":"gen_ai\.tool\.name","value":\{"stringValue":"transfer_to_oncall"\}\})/,
      '$1,{"key":"baton.handoff.target_kind","value":{"stringValue":"person"}}',
    );
    expect(marked).not.toBe(desk);
    await variant('marked.jsonl', marked);

    const run = await stats(['marked.jsonl']);

    expect(run.stdout).toMatch(/escalations left undecided +1: conv-b\n/);
    expect(run.stdout).not.toContain(NO_PERSONS);
  });

  it('heads the wait counts as answered and never answered', async () => {
    const run = await stats([DESK], REPO);

    expect(run.stdout).toMatch(/\n {2}receiver +p50 +p95 +max +answered +never answered\n/);
    expect(run.stdout).toMatch(/\n {2}network .* 2 +0\n/);
  });
});

describe('baton traces stats --suite', () => {
  it('reads the suite’s trace files relative to the suite file, from any folder', async () => {
    const run = await stats(['--suite', join(REPO, DIR, 'suite.yaml')]);

    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      new RegExp(`^Production metrics of ${join(REPO, DESK)}: 3 conversations, 3 handoffs\n`),
    );
  });

  it('says what to pass when neither files nor a traces suite name any', async () => {
    const run = await stats([]);

    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'baton: Failed to start baton traces stats: no trace files. Pass them (baton traces stats exports/*.jsonl), or --suite a suite whose traces adapter lists them.\n',
    );
  });
});
