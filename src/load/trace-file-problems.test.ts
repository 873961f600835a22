import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProblem } from '../errors.ts';
import { parseCaseText } from './load-case.ts';
import { loadCasesOfFile } from './load-suite-cases.ts';

const HEAD = 'id: c\ntitle: t\nsource: s\nparticipants: { agents: [triage, refunds] }\n';
const EXPECT = 'expect: { handoffs: none }\n';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baton-trace-case-'));
  mkdirSync(join(dir, 'cases'));
  mkdirSync(join(dir, 'exports'));
  writeFileSync(join(dir, 'exports/there.jsonl'), '');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function problemsOf(file: string, yaml: string): Promise<string[]> {
  const path = join(dir, 'cases', file);
  writeFileSync(path, yaml);
  const loaded = await loadCasesOfFile(path);
  return loaded.flatMap((l) => (l.result.ok ? [] : l.result.problems.map(formatProblem)));
}

describe('trace cases that can only fail at run time are load problems', () => {
  it('refuses a trace case naming both a trace id and a conversation id, with the fix', () => {
    const text = `${HEAD}trace:\n  conversation_id: sess-1\n  trace_id: 4bf92f3577b34da6a3ce929d0e0e4736\n${EXPECT}`;

    const loaded = parseCaseText(text, 'cases/both.yaml');

    expect(loaded.ok ? [] : loaded.problems.map(formatProblem)).toEqual([
      'cases/both.yaml:7:13: trace.trace_id: a trace case names one trace_id or one conversation_id, not both. Fix: keep `trace_id` to label that one trace, or `conversation_id` to label every trace of the conversation, and remove the other',
    ]);
  });

  it('names a missing trace.file at the case’s trace line, relative to the case file', async () => {
    const yaml = `${HEAD}trace: { conversation_id: sess-1, file: ../exports/gone.jsonl }\n${EXPECT}`;

    const problems = await problemsOf('gone.yaml', yaml);

    expect(problems).toEqual([
      `${join(dir, 'cases/gone.yaml')}:5: trace.file: no trace file at ../exports/gone.jsonl (looked for ${join(dir, 'exports/gone.jsonl')}). Fix: a case’s \`trace.file\` is relative to the case file: fix the path, or remove it to read the suite’s \`adapter.files\``,
    ]);
  });

  it('accepts a trace.file that is there, and names a folder given as one', async () => {
    const there = `${HEAD}trace: { conversation_id: sess-1, file: ../exports/there.jsonl }\n${EXPECT}`;
    const folder = `${HEAD}trace: { conversation_id: sess-1, file: ../exports }\n${EXPECT}`;

    expect(await problemsOf('there.yaml', there)).toEqual([]);
    expect(await problemsOf('folder.yaml', folder)).toEqual([
      expect.stringContaining('trace.file: the trace file ../exports is a folder, not a file.'),
    ]);
  });
});
