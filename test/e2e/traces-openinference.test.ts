import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.ts';
import { deskTraces } from '../fixtures/traces/openinference-desk.ts';
import { jsonLines } from '../fixtures/traces/otlp-writer.ts';
import { interleave } from '../fixtures/traces/span-tree.ts';
import { type CliResult, lines, readReport, runCli, tempDir } from './helpers.ts';

/**
 * An OpenAI Agents SDK desk exported through openinference-instrumentation-openai-agents and a
 * Collector's file exporter (test/fixtures/traces/openinference-desk.ts), judged as recorded
 * traces: the default handoff's carry, background jobs under the conversation's session id, the
 * workflow span under FastAPI's span, rotated files named by a glob, a line cut short, and trace
 * cases that cannot run.
 */
let dir: { path: string; remove: () => Promise<void> };

const suite = (files: string) => `name: desk
cases: { include: [../cases/*.yaml] }
adapter:
  type: traces
  files: [${files}]
  names: { Triage Agent: triage, Billing Agent: billing, Refund Agent: refunds }
effects:
  tools:
    - { tool: issue_refund, effect: refund, key: order_id, owner: refunds }
`;
const traceCase = (id: string, session: string, expect: string) => `id: ${id}
title: ${id}
source: production
participants: { agents: [triage, billing, refunds] }
trace: { conversation_id: ${session} }
expect:
${expect}`;

const LOST_AT = 'handoff to Billing Agent';

beforeAll(async () => {
  dir = await tempDir();
  const export_ = jsonLines(interleave(deskTraces(), 5), 'support-desk').trimEnd().split('\n');
  const cut = export_.findIndex((l) => l.includes(LOST_AT));
  const half = Math.ceil(export_.length / 2);
  const files: Record<string, string> = {
    'package.json': '{ "name": "desk", "private": true }\n',
    'exports/desk.jsonl': `${export_.join('\n')}\n`,
    'exports/rotated/traces-2026-03-10T09-05.jsonl': `${export_.slice(0, half).join('\n')}\n`,
    'exports/rotated/traces.jsonl': `${export_.slice(half).join('\n')}\n`,
    'exports/corrupt.jsonl': `${export_
      .map((l, i) => (i === cut ? l.slice(0, l.indexOf(LOST_AT)) : l))
      .join('\n')}\n`,
    'suites/desk.yaml': suite('../exports/desk.jsonl'),
    'suites/rotated.yaml': suite('../exports/rotated/*.jsonl'),
    'suites/corrupt.yaml': suite('../exports/corrupt.jsonl'),
    'suites/no-match.yaml': suite('../exports/archive/*.jsonl'),
    'cases/default-handoff.yaml': traceCase(
      'default-handoff',
      'sess-412',
      '  handoffs: [{ from: triage, to: billing, at: 0, carry: { invoice_id: INV-412 } }]\n',
    ),
    'cases/instructions-only.yaml': traceCase(
      'instructions-only',
      'sess-412',
      '  handoffs: [{ from: triage, to: billing, at: 0, carry: { invoice_id: INV-999 } }]\n',
    ),
    'cases/background-jobs.yaml': traceCase(
      'background-jobs',
      'sess-2020',
      `  handoffs: [{ from: triage, to: refunds, at: 1, carry: { order_id: A-2020, amount: 80 } }]
  effects: [{ effect: refund, key: A-2020, owner: refunds, times: 1, at: 1 }]
`,
    ),
    'bad/both-ids.yaml': `id: both-ids
title: t
source: s
participants: { agents: [triage] }
trace:
  conversation_id: sess-412
  trace_id: 4bf92f3577b34da6a3ce929d0e0e4736
expect: { handoffs: none }
`,
    'bad/missing-file.yaml':
      'id: missing-file\ntitle: t\nsource: s\nparticipants: { agents: [triage] }\ntrace: { conversation_id: sess-412, file: ../exports/2026-03-09.jsonl }\nexpect: { handoffs: none }\n',
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(join(dir.path, dirname(file)), { recursive: true });
    await writeFile(join(dir.path, file), text);
  }
});
afterAll(() => dir.remove());

const cli = (args: readonly string[]) => runCli(args, { cwd: dir.path });

function failing(report: RunReport): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const c of report.cases) {
    const messages = c.findings.filter((f) => f.outcome !== 'pass').map((f) => f.message);
    if (messages.length > 0) out[c.id] = messages;
  }
  return out;
}

const ONLY_INSTRUCTIONS = {
  'instructions-only': [
    'triage → billing at step 0 did not carry invoice_id = INV-999 (it sent no envelope, and the conversation it handed over lacks it too)',
  ],
};

describe('baton run on an OpenInference Agents SDK export', () => {
  let result: CliResult;
  let report: RunReport;
  beforeAll(async () => {
    result = await cli(['run', 'suites/desk.yaml', '--verbose', '--out', 'out/desk']);
    report = await readReport(join(dir.path, 'out/desk/report.json'));
  });

  it('judges a default handoff on what the receiver’s model was given, its instructions left out', () => {
    expect(result.code).toBe(1);
    expect(failing(report)).toEqual(ONLY_INSTRUCTIONS);
  });

  it('counts the requests as the conversation’s turns, not the summariser jobs between them', () => {
    const steps = report.cases.find((c) => c.id === 'background-jobs')?.steps;

    expect(steps?.map((s) => s.text.replace(/[0-9a-f]{8}/, '<id>'))).toEqual([
      'trace <id> "POST /v1/chat"',
      'trace <id> "POST /v1/chat"',
    ]);
  });

  it('never takes the workflow span under FastAPI’s span for an agent', () => {
    const agents = new Set(
      report.cases.flatMap((c) =>
        (c.timeline ?? []).flatMap((e) => (e.kind === 'agent_turn' ? [e.agent] : [])),
      ),
    );

    expect([...agents].sort()).toEqual(['Summarizer', 'billing', 'refunds', 'triage']);
  });
});

describe('adapter.files globs', () => {
  it('reads a rotated export through a glob as it reads the one file', async () => {
    const run = await cli(['run', 'suites/rotated.yaml', '--out', 'out/rotated']);
    const report = await readReport(join(dir.path, 'out/rotated/report.json'));

    expect(run.code).toBe(1);
    expect(report.suite.adapter).toBe('traces (../exports/rotated/*.jsonl)');
    expect(failing(report)).toEqual(ONLY_INSTRUCTIONS);
  });

  it('refuses a glob that matches no file, at its line, before any case runs', async () => {
    const run = await cli(['validate', 'suites/no-match.yaml']);

    expect(run.code).toBe(2);
    expect(lines(run.stderr)).toEqual([
      `suites/no-match.yaml:5:11: adapter.files[0]: expected \`../exports/archive/*.jsonl\` to match trace files, received no file. Fix: check the pattern: it is relative to the suite's folder (suites)`,
    ]);
  });
});

describe('a line cut short in the export', () => {
  it('tells each case whose trace lost spans there, under the case', async () => {
    const run = await cli(['run', 'suites/corrupt.yaml', '--out', 'out/corrupt']);
    const out = lines(plain(run.stdout));

    expect(run.code).toBe(1);
    for (const id of ['default-handoff', 'instructions-only']) {
      const at = out.findIndex((l) => l.startsWith(`✗ FAIL  ${id}`));
      const block = out.slice(
        at + 1,
        out.findIndex((l, i) => i > at && !l.startsWith('    ')),
      );
      expect(block.at(-1)).toMatch(
        new RegExp(
          `^ {4}! traces\\.unreadable {2}the trace of ${id} \\([0-9a-f]{8}\\) lost 1 span to an unreadable line at exports/corrupt\\.jsonl:\\d+: the case is judged on the spans that remain`,
        ),
      );
    }
  });
});

describe('baton validate on trace cases that could not run', () => {
  it('names both ids and a missing trace file, each at its line with a fix', async () => {
    const run = await cli(['validate', 'bad']);

    expect(run.code).toBe(2);
    expect(lines(run.stderr)).toEqual([
      'bad/both-ids.yaml:7:13: trace.trace_id: a trace case names one trace_id or one conversation_id, not both. Fix: keep `trace_id` to label that one trace, or `conversation_id` to label every trace of the conversation, and remove the other',
      `bad/missing-file.yaml:5: trace.file: no trace file at ../exports/2026-03-09.jsonl (looked for ${join(dir.path, 'exports/2026-03-09.jsonl')}). Fix: a case’s \`trace.file\` is relative to the case file: fix the path, or remove it to read the suite’s \`adapter.files\``,
    ]);
  });
});
