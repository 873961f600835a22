import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShadowReport } from '../../src/shadow/shadow-report.ts';
import { FIXTURES, REPO, runCli, tempDir } from './helpers.ts';

// desk.jsonl: see test/fixtures/e2e/stats-desk/make-export.ts for what each conversation does.
const DIR = `${FIXTURES}/stats-desk`;
const DESK = `${DIR}/desk.jsonl`;
const SUITE = `${DIR}/suite.yaml`;

let tmp: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.remove());

type Finding = { code: string; outcome: string };
const stats = (...args: string[]) => runCli(['traces', 'stats', ...args]);
const line = (text: string, start: string) =>
  text.split('\n').find((l) => l.trimStart().startsWith(start));

describe('baton traces stats counts as baton run judges', () => {
  it('calls ping-pong what the run calls bounced, and not finished work coming back', async () => {
    const run = await runCli(['run', SUITE, '--out', join(tmp.path, 'run')]);
    const report = JSON.parse(await readFile(join(tmp.path, 'run', 'report.json'), 'utf8'));
    const verdicts = Object.fromEntries(
      report.cases.map((c: { id: string; status: string; findings: Finding[] }) => [
        c.id,
        [c.status, ...c.findings.filter((f) => f.outcome === 'fail').map((f) => f.code)],
      ]),
    );

    const counted = await stats('--suite', SUITE);

    expect(run.code).toBe(1);
    expect(verdicts).toEqual({
      'conv-done': ['pass'],
      'conv-bounce': ['fail', 'handoff.bounced'],
    });
    expect(counted.code, counted.stderr).toBe(0);
    expect(line(counted.stdout, 'ping-pong')).toMatch(
      /^ {2}ping-pong rate \(conversations\) +20\.0% \(1\/5\) \[3\.6%, 62\.4%\]: conv-bounce$/,
    );
  });

  it('counts a request the exporter sent twice once, as the run does', async () => {
    const once = join(tmp.path, 'once.jsonl');
    const lines = (await readFile(join(REPO, DESK), 'utf8')).split('\n');
    // Lines 2 and 3 are the same request (conv-done): keep one.
    expect(lines[1]).toBe(lines[2]);
    await writeFile(once, lines.filter((_, i) => i !== 2).join('\n'));

    const twice = JSON.parse((await stats('--json', '-', DESK)).stdout);
    const single = JSON.parse((await stats('--json', '-', once)).stdout);

    expect(twice.metrics).toEqual(single.metrics);
    expect(twice.metrics).toMatchObject({ handoffs: 7, hops: { histogram: { '1': 3, '2': 2 } } });
  });

  it('finds a re-ask in plain words by the suite’s facts, as the run’s re-ask check does', async () => {
    const counted = await stats('--suite', SUITE);
    const bare = await stats(DESK);

    expect(line(counted.stdout, 're-ask')).toMatch(/14\.3% \(1\/7\) .*: conv-reask$/);
    // "What is your order number?" asks for order_id only through the suite's `facts:`.
    expect(line(bare.stdout, 're-ask')).toMatch(/0\.0% \(0\/7\)/);
  });

  it('says the re-ask rate measured nothing when no payload or question held a fact', async () => {
    const plain = join(tmp.path, 'plain.jsonl');
    const lines = (await readFile(join(REPO, DESK), 'utf8')).split('\n');
    await writeFile(plain, `${lines.filter((l) => l.includes('conv-bounce')).join('\n')}\n`);

    const counted = await stats(plain);

    expect(line(counted.stdout, 're-ask')).toBe(
      '  re-ask rate (handoffs)                      not measured (no handoff payload held a fact, and no question named one)',
    );
  });
});

describe('baton traces stats in words a person reads', () => {
  it('skips health checks in one line, names conversations, and prints waits as durations', async () => {
    const json = join(tmp.path, 'stats.json');

    const counted = await stats('--suite', SUITE, '--json', json);

    const [head, skipped] = counted.stdout.split('\n');
    expect(head).toBe(`Production metrics of ${DESK}: 5 conversations, 7 handoffs`);
    expect(skipped).toBe(
      'Skipped 3 traces that are not conversations ("GET /healthz"): no agent span, handoff or step input in them.',
    );
    expect(line(counted.stdout, 'escalations left undecided')).toMatch(/ 1: conv-lost$/);
    expect(line(counted.stdout, 'supervisor (person)')?.trim().split(/ {2,}/)).toEqual([
      'supervisor (person)',
      '30m 31s',
      '30m 31s',
      '30m 31s',
      '1',
      '1',
    ]);
    expect(line(counted.stdout, 'triage')?.trim().split(/ {2,}/)).toEqual([
      'triage',
      'none answered',
      '—',
      '—',
      '0',
      '2',
    ]);
    const written = JSON.parse(await readFile(json, 'utf8'));
    expect(written.skipped).toEqual({ traces: 3, examples: ['GET /healthz'] });
    expect(written.metrics.seenIn).toEqual({
      pingPong: ['conv-bounce'],
      reask: ['conv-reask'],
      override: [],
      undecided: ['conv-lost'],
    });
  });
});

describe('baton shadow on the same export', () => {
  it('skips health checks, says the entry it assumed, and drafts cases judged as the suite judges', async () => {
    const out = join(tmp.path, 'shadow');

    const run = await runCli([
      'shadow',
      `${DIR}/shadow.suite.yaml`,
      '--file',
      DESK,
      '--once',
      '--out',
      out,
    ]);

    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(await readFile(join(out, 'shadow.json'), 'utf8')) as ShadowReport;
    expect(report.traffic).toMatchObject({ finished: 5, compared: 5, unreplayable: 0 });
    expect(report.skipped).toEqual({ traces: 3, examples: ['GET /healthz'] });
    expect(report.entry).toEqual({ assumed: { triage: 5 }, passedOver: ['desk'] });
    expect(run.stdout).toContain(
      'Entry        assumed from the traces: the first agent to act, triage (5); passed over desk: its turns only wrap other agents’. Set shadow.entry if that is not who receives a customer’s first message\n',
    );
    expect(report.disagreements.listed.map((d) => d.conversation).sort()).toEqual([
      'conv-bounce',
      'conv-done',
    ]);
    // Labelled as the project labels conv-done, the draft passes as the case does in the suite.
    const draft = await readFile(join(out, 'drafts', 'shadow-conv-done.yaml'), 'utf8');
    const label =
      'expect:\n  handoffs:\n    - { from: triage, to: refunds, at: 0 }\n  effects:\n    - { effect: refund, key: A-1, owner: refunds, times: 1 }\n';
    await writeFile(join(out, 'labelled', 'shadow-conv-done.yaml'), `${draft}${label}`);
    const judged = await runCli([
      'run',
      join(out, 'drafts.suite.yaml'),
      '--out',
      join(tmp.path, 'drafts'),
    ]);
    expect(judged.stdout).toMatch(/PASS {2}1 case · 1 passed/);
    expect(judged.stdout).not.toMatch(/handoff\.bounced|effects\.undeclared/);
  });
});
