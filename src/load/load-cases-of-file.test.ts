import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, test } from 'vitest';
import { caseSources } from './case-stream.ts';
import { caseFromSource, parseCaseText } from './load-case.ts';
import { loadCasesOfFile } from './load-suite-cases.ts';
import { streamCases } from './stream-cases.ts';
import { parseYamlFast } from './yaml-fast.ts';

const REPO = new URL('../..', import.meta.url).pathname;
const files = (pattern: string) => globSync(pattern, { cwd: REPO, absolute: true });

describe('loadCasesOfFile', () => {
  test('a case through the fast parser is the case the full parser makes, positions included', async () => {
    const good = files('cases/**/*.yaml');
    const fast = good.filter((f) => parseYamlFast(readFileSync(f, 'utf8'), f) !== undefined);
    expect(fast.length).toBeGreaterThan(good.length * 0.9);
    for (const file of good) {
      const [loaded] = await loadCasesOfFile(file);
      expect(loaded?.result).toEqual(parseCaseText(readFileSync(file, 'utf8'), file));
    }
  });

  test('a file that fails validation is parsed again: its problems keep the full positions', async () => {
    const broken = files('test/fixtures/load/cases/broken/*.yaml');
    const parsedFast = broken.filter((f) => parseYamlFast(readFileSync(f, 'utf8'), f));
    // Most broken cases are plain YAML the fast parser reads; validation sends them back.
    expect(parsedFast.length).toBeGreaterThan(5);
    for (const file of broken) {
      const [loaded] = await loadCasesOfFile(file);
      const full = parseCaseText(readFileSync(file, 'utf8'), file);
      expect(full.ok).toBe(false);
      expect(loaded?.result).toEqual(full);
    }
  });

  test('a wrong type deep in a plain file is named at its line and column', async () => {
    const file = `${REPO}test/fixtures/load/cases/broken/wrong-type.yaml`;
    const [loaded] = await loadCasesOfFile(file);
    if (loaded?.result.ok !== false) throw new Error('expected problems');
    expect(loaded.result.problems[0]).toMatchObject({ file, line: expect.any(Number) });
    expect(loaded.result.problems[0]?.column).toBeGreaterThan(0);
  });

  test('a stream of the repository cases, broken ones among them, over 1 MiB, loads as the full parser reads it', async () => {
    const docs = [...files('cases/**/*.yaml'), ...files('test/fixtures/load/cases/broken/*.yaml')]
      .map((f) => readFileSync(f, 'utf8'))
      // Only documents that parse on their own: a syntax error sends the stream to the full parser.
      .filter((text) =>
        caseSources(text, 'x.yaml').every(
          ({ source }) => source.ok || !/invalid YAML/.test(source.problems[0]?.message ?? ''),
        ),
      );
    let text = '';
    while (text.length < 1.2 * 1024 * 1024) text += docs.map((d) => `---\n${d}`).join('');
    const dir = mkdtempSync(join(tmpdir(), 'baton-stream-'));
    try {
      const file = join(dir, 'all.yaml');
      writeFileSync(file, text);
      const loaded = await loadCasesOfFile(file);
      // Read a document at a time, not handed to the full parser as a whole.
      expect(streamCases(Buffer.from(text), file, new Map())).toHaveLength(loaded.length);
      const full = caseSources(text, file).map(({ at, source }) => {
        const result = source.ok ? caseFromSource(source.value) : source;
        return result.ok
          ? result
          : { ok: false, problems: result.problems.map((p) => ({ ...p, caseAt: at })) };
      });
      expect(loaded.length).toBe(full.length);
      expect(loaded.filter((l) => l.result.ok).length).toBeGreaterThan(loaded.length / 2);
      expect(JSON.parse(JSON.stringify(loaded.map((l) => l.result)))).toEqual(
        JSON.parse(JSON.stringify(full)),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
