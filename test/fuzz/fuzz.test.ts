import { readFile } from 'node:fs/promises';
import { isAbsolute, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, lines, runCli, stackLines, tempDir } from '../e2e/helpers.ts';
import { type Corpus, writeCorpus } from './corpus.ts';

/**
 * Baton under a seeded fuzzer: 1,000 case files, 300 suites and 300 trace files broken in every
 * way the generators know (deep nesting, alias bombs, parent cycles, an 80,000-span trace, FIFOs,
 * folders, catastrophic regexes, absurd numbers, BOM/UTF-16/invalid UTF-8, binary junk), checked
 * with `baton validate` and run with `baton run`, many files per process. Replay another corpus
 * with BATON_FUZZ_SEED=<n>.
 */
const SEED = Number(process.env.BATON_FUZZ_SEED ?? 20261201);
const SIZE = { cases: 900, traceCases: 100, suites: 300, traces: 300 };
/** No CLI call may take longer than this, however hostile its input (a hang fails the test). */
const BUDGET_MS = 150_000;
const RUN_CHUNKS = 3;

/** `file:line[:col]: … Fix: …`, the shape of every problem Baton prints about a file's content. */
const PROBLEM = /^[^\s:][^:]*:\d+(?::\d+)?: .+\. Fix: .+$/;
/** A problem about a whole file (no line in it to point at). */
const FILE_PROBLEM =
  /^[^\s:][^:]*: (?:file not found|expected a file, received .+|not a YAML file, .+|the file is .+ MiB, .+|could not read the file .+|a symbolic link to .+|this is a case file, not a suite)\. Fix: .+$/;
/** The CLI's own lines: each says what failed and what to do (or which file, and its fix). */
const CLI_LINE =
  /^baton: (?:Failed to .+: .+\. .+|no case in .+ matches the filters given .+\. .+|another OpenTelemetry provider is registered; .+|[^\s:][^:]*: .+\. Fix: .+)$/;

let dir: { path: string; remove: () => Promise<void> };
let corpus: Corpus;
const results: { what: string; result: CliResult }[] = [];

beforeAll(
  async () => {
    dir = await tempDir();
    corpus = await writeCorpus(dir.path, SEED, SIZE);
    const run = async (what: string, args: string[]) => {
      results.push({ what, result: await runCli(args, { cwd: dir.path, killAfterMs: BUDGET_MS }) });
    };
    await run('validate cases', ['validate', 'cases', 'tcases']);
    await run('validate suites', ['validate', 'suites']);
    const per = Math.ceil(corpus.suiteFiles.length / RUN_CHUNKS);
    for (let i = 0; i < corpus.suiteFiles.length; i += per) {
      await run(`run suites ${i}–${i + per - 1}`, ['run', ...corpus.suiteFiles.slice(i, i + per)]);
    }
  },
  RUN_CHUNKS * BUDGET_MS + 2 * BUDGET_MS,
);

afterAll(() => dir.remove());

describe(`baton on a fuzzed corpus (seed ${SEED})`, () => {
  it('writes at least 1,000 case files, 300 suites and 300 trace files', () => {
    expect(SIZE.cases + SIZE.traceCases).toBeGreaterThanOrEqual(1000);
    expect(corpus.suiteFiles).toHaveLength(300);
    expect(SIZE.traces).toBeGreaterThanOrEqual(300);
  });

  it('finishes every call within its budget and exits 0, 1 or 2: never an internal error', () => {
    expect(results.map((r) => [r.what, r.result.code])).toEqual(
      results.map((r) => [r.what, expect.toBeOneOf([0, 1, 2])]),
    );
  });

  it('prints no stack trace and no internal error', () => {
    for (const { what, result } of results) {
      const both = `${result.stdout}\n${result.stderr}`;
      expect([what, stackLines(both)]).toEqual([what, []]);
      expect([what, both.includes('internal error')]).toEqual([what, false]);
    }
  });

  it('prints every problem with its file, its line (or the whole file) and a fix', () => {
    for (const { what, result } of results) {
      const odd = lines(result.stderr).filter(
        (l) => !PROBLEM.test(l) && !FILE_PROBLEM.test(l) && !CLI_LINE.test(l),
      );
      expect([what, odd.slice(0, 5)]).toEqual([what, []]);
    }
  });

  it('never echoes a file outside the project (a case file that links to /etc/passwd)', async () => {
    const passwd = (await readFile('/etc/passwd', 'utf8')).split('\n')[0] ?? '';
    for (const { what, result } of results) {
      const both = `${result.stdout}\n${result.stderr}`;
      expect([what, both.includes(passwd.slice(0, 16))]).toEqual([what, false]);
    }
  });

  it('names the line of the trace file for every unreadable place in a trace', () => {
    for (const { what, result } of results) {
      const places = [...result.stdout.matchAll(/could not be read, first (\S+?): /g)].map(
        (m) => m[1],
      );
      const withoutLine = places.filter((p) => !/:\d+$/.test(p ?? ''));
      expect([what, withoutLine]).toEqual([what, []]);
    }
  });

  it('found real problems in the corpus and still judged the runnable suites', () => {
    const validate = results[0]?.result;
    expect(lines(validate?.stderr ?? '').length).toBeGreaterThan(300);
    const runs = results.filter((r) => r.what.startsWith('run'));
    const reports = runs.flatMap((r) => r.result.stdout.match(/^Reports: .+$/gm) ?? []);
    expect(reports.length).toBeGreaterThan(50);
    // Reports land inside the project (reports.dir resolves against the suite file), whatever a
    // suite calls itself.
    for (const line of reports) {
      for (const file of line.slice('Reports: '.length).split(', ')) {
        const place = normalize(file);
        expect([file, isAbsolute(place) || place.startsWith('..')]).toEqual([file, false]);
      }
    }
    expect(runs.some((r) => /^PASS {2}/m.test(r.result.stdout))).toBe(true);
  });
});
