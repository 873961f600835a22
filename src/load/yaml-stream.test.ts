import { readFileSync } from 'node:fs';
import { fc, test } from '@fast-check/vitest';
import { globSync } from 'tinyglobby';
import { describe, expect } from 'vitest';
import { stringify } from 'yaml';
import { caseSources } from './case-stream.ts';
import { casesOfBytes, casesOfText, type Loaded } from './cases-of-text.ts';
import { caseFromSource } from './load-case.ts';
import { fastDocument } from './stream-document.ts';
import { mutatedText } from './text-mutations.ts';
import { lazyLineCount, splitYamlStream } from './yaml-stream.ts';

const REPO = new URL('../..', import.meta.url).pathname;
const read = (pattern: string) =>
  globSync(pattern, { cwd: REPO, absolute: true }).map((f) => readFileSync(f, 'utf8'));
const good = read('cases/**/*.yaml');
const broken = read('test/fixtures/load/cases/broken/*.yaml');

/** The cases of a text as the full parser alone reads them: the whole stream at once. */
function fullPath(text: string, file: string): Loaded[] {
  return caseSources(text, file).map(({ at, source }) => {
    const mark = <T extends { ok: boolean }>(r: T): T =>
      r.ok || at === undefined || !('problems' in r)
        ? r
        : ({ ...r, problems: (r.problems as object[]).map((p) => ({ ...p, caseAt: at })) } as T);
    if (!source.ok) return { result: mark(source) };
    const idAt = { file, ...source.value.locate(['id']) };
    return { result: mark(caseFromSource(source.value)), idAt };
  });
}

/** Loaded cases without the source objects' identity: what a user sees of them. */
const plain = (loaded: readonly Loaded[]) => JSON.parse(JSON.stringify(loaded)) as unknown;

const separator = fc.constantFrom(
  '---\n',
  '--- # next case\n',
  '...\n---\n',
  '\n---\n\n',
  '---\t\n',
);
const caseText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...good) },
  fc.constantFrom(...broken),
  fc
    .dictionary(fc.stringMatching(/^[a-z_]{1,6}$/), fc.jsonValue(), { maxKeys: 4 })
    .map((data) => stringify(data)),
);
const stream = fc
  .tuple(fc.array(fc.tuple(separator, caseText), { minLength: 2, maxLength: 6 }), fc.boolean())
  .map(([docs, leading]) =>
    docs.map(([sep, text], i) => (i === 0 && !leading ? text : sep + text)).join(''),
  );

const piece = fc.constantFrom(
  '\n---\n',
  '\n--- |\n',
  '\n--- !x\n',
  '\n...\n',
  '\n... x\n',
  '\n%YAML 1.2\n',
  '---',
  '"',
  "'",
  '|',
  '[',
  '{',
  '&a ',
  '*a',
  '#',
  ': ',
  '\n  ',
  '\r',
  'x',
);
const mutated = mutatedText(stream, piece, 2);

describe('a YAML stream of cases', () => {
  test.prop([stream], { numRuns: 150 })(
    'loads each document as the full parser reads the whole stream, positions and problems included',
    (text) => {
      expect(plain(casesOfText(text, 'many.yaml'))).toEqual(plain(fullPath(text, 'many.yaml')));
    },
  );

  test.prop([mutated], { numRuns: 200 })(
    'on broken and odd streams, says what the full parser says, at the same lines',
    (text) => {
      expect(plain(casesOfText(text, 'many.yaml'))).toEqual(plain(fullPath(text, 'many.yaml')));
    },
  );

  test('a document holding only an anchor is no case, as the whole stream reads it', () => {
    const [a, b] = good;
    for (const text of [`${a}---\n&a \n\n---\n${b}`, `${a}---\n&a\n`, `---\n&a \n---\n${a}`]) {
      expect(plain(casesOfText(text, 'many.yaml'))).toEqual(plain(fullPath(text, 'many.yaml')));
      const bytes = Buffer.from(text);
      expect(plain(casesOfBytes(bytes, 'many.yaml', new Map(), 0))).toEqual(
        plain(fullPath(text, 'many.yaml')),
      );
    }
    expect(casesOfText(`${a}---\n&a \n\n---\n${b}`, 'many.yaml')).toHaveLength(2);
  });

  test.prop([fc.oneof(stream, mutated)], { numRuns: 100 })(
    'read from bytes a document at a time, says what it says read from text',
    (text) => {
      const bytes = Buffer.from(text);
      expect(plain(casesOfBytes(bytes, 'many.yaml', new Map(), 0))).toEqual(
        plain(casesOfText(text, 'many.yaml')),
      );
    },
  );

  test('a stream saved as UTF-16 is decoded whole, then read a document at a time', () => {
    const [a, b] = good;
    const text = `${a}---\n${b}`;
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(plain(casesOfBytes(utf16, 'many.yaml', new Map(), 0))).toEqual(
      plain(casesOfText(text, 'many.yaml')),
    );
  });

  test('a stream with a byte that is not UTF-8 is one problem at its line', () => {
    const [a, b] = good;
    const bytes = Buffer.concat([
      Buffer.from(`${a}---\n`),
      Buffer.from([0xff]),
      Buffer.from(`\n---\n${b}`),
    ]);
    const loaded = casesOfBytes(bytes, 'many.yaml', new Map(), 0);
    const line = (a as string).split('\n').length + 1;
    expect(plain(loaded)).toEqual([
      { result: { ok: false, problems: [expect.objectContaining({ file: 'many.yaml', line })] } },
    ]);
  });

  test('reads nearly every document of a stream of the repository cases with the fast parser', () => {
    const text = good.join('---\n');
    const docs = splitYamlStream(text) ?? [];
    expect(docs).toHaveLength(good.length);
    const count = lazyLineCount(text);
    const fast = docs.filter(
      (doc) => fastDocument(text.slice(doc.from, doc.to), doc, 'many.yaml', count) !== undefined,
    );
    expect(fast.length).toBeGreaterThan(good.length * 0.9);
  });

  test('a broken document among good ones is the only one that fails, at its own line', () => {
    const [a, b] = good;
    const bad = 'id: oops\nsteps: 3\n';
    const text = `${a}---\n${bad}---\n${b}`;
    const loaded = casesOfText(text, 'many.yaml');
    expect(loaded.map((l) => l.result.ok)).toEqual([true, false, true]);
    const badLine = (a as string).split('\n').length + 1;
    const problems = loaded[1]?.result.ok === false ? loaded[1].result.problems : [];
    expect(problems.every((p) => p.caseAt === badLine && (p.line ?? 0) >= badLine)).toBe(true);
    const steps = problems.find((p) => p.path === 'steps');
    expect([steps?.line, steps?.column]).toEqual([badLine + 1, 8]);
    expect(steps?.fix).toBeTruthy();
    const third = loaded[2]?.result;
    const idLine = (b as string).split('\n').findIndex((l) => l.startsWith('id:'));
    expect(third?.ok && third.value.positions?.id).toBe(badLine + 3 + idLine);
  });

  test('a document the fast parser leaves alone (an anchor) is read by the full parser, alone', () => {
    const [a] = good;
    const text = `${a}---\nid: &x anchored\ntitle: *x\n---\n${a?.replace(/^id: .*$/m, 'id: two')}`;
    const loaded = casesOfText(text, 'many.yaml');
    expect(loaded.map((l) => l.result.ok)).toEqual([true, false, true]);
    expect(plain(loaded)).toEqual(plain(fullPath(text, 'many.yaml')));
  });

  test('splits where the full parser does, not at a `---` inside a longer line', () => {
    const text = 'a: |\n  ---\n----\n---\nb: 1\n--- |\n  x\n';
    expect(splitYamlStream(text)?.map((d) => [d.line, d.marked])).toEqual([
      [1, false],
      [5, false],
      [6, true],
    ]);
    expect(splitYamlStream('%YAML 1.2\n---\na: 1\n')).toBeUndefined();
  });
});
