import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formatProblem } from '../errors.ts';
import { validateFiles } from './validate-files.ts';

const tree = 'test/fixtures/load/tree';

async function summary(paths: string[]): Promise<[string, string, string[]][]> {
  const results = await validateFiles(paths);
  return results.map((r) => [r.file, r.kind, r.problems.map(formatProblem)]);
}

const brokenStep = `${tree}/cases/broken.yaml:7:5: steps[0].custmer: unknown key \`custmer\`: expected one of \`customer\`, \`tool\`, \`signal\` or \`person\`. Fix: did you mean \`customer\`?`;
const duplicateId = `${tree}/extra/same-id.yaml:1:5: id: expected a unique case id, received "shared-id", already used in ${tree}/cases/good.yaml. Fix: give each case its own \`id\` (the id names the case in reports and filters)`;
const brokenSuite = [
  `${tree}/suites/broken-suite.yaml:5:9: adapter.type: expected one of \`module\`, \`http\`, \`openai-agents\`, \`langgraph\` or \`traces\`, received "grpc". Fix: use one of \`module\`, \`http\`, \`openai-agents\`, \`langgraph\` or \`traces\``,
  `${tree}/suites/broken-suite.yaml:6:14: concurrency: expected a whole number from 1 to 256, received 0. Fix: change \`concurrency\` to a whole number from 1 to 256`,
];

describe('validateFiles', () => {
  test('a folder: every YAML file below, told apart by content, with the suites checking their cases', async () => {
    expect(await summary([tree])).toEqual([
      [`${tree}/cases/broken.yaml`, 'case', [brokenStep]],
      [`${tree}/cases/good.yaml`, 'case', []],
      [`${tree}/extra/same-id.yaml`, 'case', [duplicateId]],
      [`${tree}/suites/broken-suite.yaml`, 'suite', brokenSuite],
      [`${tree}/suites/main.yaml`, 'suite', []],
    ]);
  });

  test('a suites folder alone still checks the case files its globs select', async () => {
    expect(await summary([`${tree}/suites`])).toEqual([
      [`${tree}/suites/broken-suite.yaml`, 'suite', brokenSuite],
      [`${tree}/suites/main.yaml`, 'suite', []],
      [`${tree}/cases/broken.yaml`, 'case', [brokenStep]],
      [`${tree}/cases/good.yaml`, 'case', []],
      [`${tree}/extra/same-id.yaml`, 'case', [duplicateId]],
    ]);
  });

  test('a missing path is a problem but no checked file; the kind of an unparsable file is guessed from its name', async () => {
    const syntax = 'test/fixtures/load/cases/broken/yaml-syntax.yaml.txt';

    const result = await summary([`${tree}/nope-suite.yaml`, syntax]);

    expect(result.map(([file, kind, problems]) => [file, kind, problems.length])).toEqual([
      [`${tree}/nope-suite.yaml`, 'missing', 1],
      [syntax, 'case', 1],
    ]);
  });

  test('each file is checked once, however often it is named', async () => {
    const file = `${tree}/cases/good.yaml`;

    const result = await validateFiles([file, `./${file}`, `${tree}/cases`]);

    expect(result.map((r) => r.file)).toEqual([file, `${tree}/cases/broken.yaml`]);
  });
});

describe('validateFiles on files of many cases', () => {
  test('a folder with a JSON-lines file and a YAML stream: each case checked, problems at their lines', async () => {
    const dir = await mkdtemp(join(process.cwd(), 'test/.many-'));
    try {
      await writeFile(join(dir, 'prod.jsonl'), '{"id":"a","stepz":[]}\n\n{"id": oops}\n');
      await writeFile(join(dir, 'stream.yaml'), 'id: a\n---\nid: b\nid: c\n');
      const results = await validateFiles([dir]);
      const lines = results.map((r) => [r.kind, [...new Set(r.problems.map((p) => p.line))]]);
      expect(lines).toEqual([
        ['case', [1, 3]],
        ['case', [1, 4]],
      ]);
      const json = results[0]?.problems.find((p) => p.line === 3);
      expect(json?.message).toMatch(/^invalid JSON/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('validateFiles tells suites from cases by content', () => {
  test('a case that mentions an adapter is still a case, with the same problems as any case', async () => {
    const dir = await mkdtemp(join(process.cwd(), 'test/.kinds-'));
    try {
      const body = (text: string) =>
        `id: c\nsteps:\n  - custmer: "${text}"\nexpect: { handoffs: [] }\n`;
      await writeFile(join(dir, 'plain.yaml'), body('hello'));
      await writeFile(join(dir, 'talks.yaml'), body('my adapter broke'));
      const results = await validateFiles([join(dir, 'plain.yaml'), join(dir, 'talks.yaml')]);
      expect(results.map((r) => r.kind)).toEqual(['case', 'case']);
      const words = results.map((r) => r.problems.map((p) => `${p.line}:${p.path}:${p.message}`));
      expect(words[0]?.some((w) => w.includes('custmer'))).toBe(true);
      expect(words[1]).toEqual(words[0]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a suite with its `adapter` misspelt is a suite, with the one problem of the typo', async () => {
    const dir = await mkdtemp(join(process.cwd(), 'test/.kinds-'));
    try {
      const file = join(dir, 'suite-typo.yaml');
      await writeFile(file, 'name: s\ncases: { include: [c.yaml] }\nadaptor: { type: module }\n');
      const results = await validateFiles([file]);
      expect(
        results.map((r) => [
          r.kind,
          r.problems.map((p) => `${p.line}:${p.column} ${p.message}. ${p.fix}`),
        ]),
      ).toEqual([['suite', ['3:1 unknown key `adaptor`. did you mean `adapter`?']]]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
