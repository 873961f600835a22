import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { conversationsOf } from '../../examples/http-service/replay-traffic.ts';
import { otlpLine } from '../../src/shadow/otlp-line.ts';
import type { ShadowReport } from '../../src/shadow/shadow-report.ts';
import { liveTurns } from '../fixtures/shadow/live-desk.ts';
import { liveConversation } from '../fixtures/shadow/live-spans.ts';
import { CLI, REPO, runCli, tempDir } from './helpers.ts';
import { startNode } from './processes.ts';

const SOUND = 'examples/support-router/policy.yaml';
const PROPOSED = 'examples/support-router/policy-regressed.yaml';

/** The support conversations as a Collector file exporter writes them (one trace a line). */
async function exportFile(path: string) {
  const conversations = await conversationsOf(
    globSync('cases/support/*.yaml', { cwd: REPO, absolute: true }),
  );
  const differ: string[] = [];
  let lines = '';
  for (const [i, c] of conversations.entries()) {
    const live = await liveTurns(SOUND, c);
    const proposed = await liveTurns(PROPOSED, c);
    const edges = (turns: typeof live) =>
      JSON.stringify(turns.map((t) => (t.handoffs ?? []).map((h) => [h.from, h.to])));
    if (edges(live) !== edges(proposed)) differ.push(c.id);
    for (const trace of liveConversation(c.id, live, 1_700_000_000_000 + i * 60_000))
      lines += otlpLine(trace);
  }
  await writeFile(path, lines);
  return { conversations, differ };
}

describe('baton shadow on a Collector file', () => {
  it('--once reads a whole export, compares every conversation and drafts the disagreements', async () => {
    const dir = await tempDir();
    const file = join(dir.path, 'traces.jsonl');
    const { conversations, differ } = await exportFile(file);
    const out = join(dir.path, 'out');
    const run = await runCli([
      'shadow',
      'suites/shadow-regressed.yaml',
      '--file',
      file,
      '--once',
      '--out',
      out,
    ]);
    expect(run.code).toBe(1);
    const report = JSON.parse(await readFile(join(out, 'shadow.json'), 'utf8')) as ShadowReport;
    expect(report.traffic).toMatchObject({
      finished: conversations.length,
      compared: conversations.length,
      unreplayable: 0,
    });
    expect(report.disagreements.listed.map((d) => d.conversation).sort()).toEqual(differ.sort());
    expect(run.stdout).toMatch(/Readiness: not ready for a canary/);
    expect(run.stdout).toContain(`${differ.length} draft case(s)`);
    // A draft is not labelled yet: validate says what is missing; labelled, it validates and runs.
    const draft = join(out, 'drafts', `shadow-${differ[0]}.yaml`);
    const unlabelled = await runCli(['validate', draft]);
    expect(unlabelled.code).toBe(2);
    expect(unlabelled.stdout + unlabelled.stderr).toMatch(/missing `expect`/);
    const text = await readFile(draft, 'utf8');
    const live = text.split('# expect: # the live behaviour\n')[1]?.split('\n#\n')[0] ?? '';
    const labelledFile = join(out, 'labelled', `shadow-${differ[0]}.yaml`);
    await writeFile(labelledFile, `${text}expect:\n${live.replace(/^# /gm, '')}\n`);
    const labelled = await runCli(['validate', labelledFile]);
    expect(labelled.code, labelled.stderr).toBe(0);
    const judged = await runCli([
      'run',
      join(out, 'drafts.suite.yaml'),
      '--out',
      join(dir.path, 'judged'),
    ]);
    expect(judged.stdout).toMatch(/1 case · 1 passed/);
    await dir.remove();
  });

  it('follows a file as it grows and reports on SIGINT', async () => {
    const dir = await tempDir();
    const file = join(dir.path, 'traces.jsonl');
    await writeFile(file, '');
    const out = join(dir.path, 'out');
    const shadow = startNode([
      ...CLI,
      'shadow',
      'suites/shadow-regressed.yaml',
      '--file',
      file,
      '--out',
      out,
    ]);
    await shadow.waitFor(/receiving file/);
    const c = {
      entry: 'triage',
      steps: [
        {
          kind: 'customer' as const,
          text: 'My order A-1001 arrived broken, I want a refund of 750 euro.',
        },
      ],
    };
    for (const trace of liveConversation('grown', await liveTurns(SOUND, c)))
      await appendFile(file, otlpLine(trace));
    shadow.child.kill('SIGINT');
    expect(await shadow.exited).toBe(1);
    const report = JSON.parse(await readFile(join(out, 'shadow.json'), 'utf8')) as ShadowReport;
    expect(report).toMatchObject({ final: true, traffic: { finished: 1, compared: 1 } });
    await dir.remove();
  });
});

describe('baton shadow on bad input', () => {
  it('says a port in use is in use and exits 2, never a crash', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as { port: number }).port;
    const run = await runCli(['shadow', 'suites/shadow-regressed.yaml', '--port', String(port)]);
    await new Promise<void>((r) => taken.close(() => r()));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`Failed to listen on 127.0.0.1:${port}: the port is in use`);
    expect(run.stderr).not.toMatch(/internal error|at .*\.ts:\d+/);
  });
});

describe('baton traces stats', () => {
  it('prints the production metrics of an export and writes them as JSON', async () => {
    const dir = await tempDir();
    const file = join(dir.path, 'traces.jsonl');
    const { conversations } = await exportFile(file);
    const json = join(dir.path, 'stats.json');
    const run = await runCli(['traces', 'stats', file, '--json', json]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`${conversations.length} conversations`));
    expect(run.stdout).toMatch(/ping-pong rate/);
    expect(run.stdout).toMatch(/supervisor \(person\)/);
    const stats = JSON.parse(await readFile(json, 'utf8'));
    expect(stats).toMatchObject({
      schemaVersion: 1,
      kind: 'baton.traces.stats',
      metrics: { conversations: conversations.length },
    });
    expect(stats.metrics.override.of).toBeGreaterThan(0);
    const printed = await runCli(['traces', 'stats', '--json', '-', file]);
    expect(JSON.parse(printed.stdout).metrics).toEqual(stats.metrics);
    await dir.remove();
  });

  it('reads recorded traces of other shapes by a suite’s rules, and refuses a file with no spans', async () => {
    const run = await runCli([
      'traces',
      'stats',
      'test/fixtures/traces/fixed/support-chat.jsonl',
      '--suite',
      'suites/traces.yaml',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /Production metrics of test\/fixtures\/traces\/fixed\/support-chat.jsonl: \d+ conversations/,
    );
    const dir = await tempDir();
    await writeFile(join(dir.path, 'empty.jsonl'), 'not json\n');
    const empty = await runCli(['traces', 'stats', join(dir.path, 'empty.jsonl')]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/empty.jsonl:1: not valid JSON/);
    await dir.remove();
  });
});
