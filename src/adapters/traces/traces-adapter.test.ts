import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { idOf } from '../../../test/fixtures/traces/otlp-writer.ts';
import { parseCaseText } from '../../load/load-case.ts';
import { AdapterConfig, type TracesAdapterConfig } from '../../model/adapter-config.ts';
import type { Case } from '../../model/labelled-case.ts';
import type { CaseContext } from '../adapter.ts';
import { createTracesAdapter } from './traces-adapter.ts';

const ROOT = join(import.meta.dirname, '../../..');
const FIXED = 'test/fixtures/traces/fixed';
const suiteFile = join(ROOT, 'suites/in-test.yaml');

function adapter(extra: Record<string, unknown> = {}) {
  const config = AdapterConfig.parse({
    type: 'traces',
    files: [`../${FIXED}/support-chat.jsonl`, `../${FIXED}/agents-sdk.jsonl`],
    ...extra,
  }) as TracesAdapterConfig;
  return createTracesAdapter(config, suiteFile);
}

function testCase(yaml: string, file = join(ROOT, 'cases/traces/in-test.yaml')): Case {
  const head =
    'id: c\ntitle: t\nsource: s\nparticipants: { agents: [Triage, Billing, Triage_Agent, Refund_Agent], persons: [supervisor] }\n';
  const loaded = parseCaseText(head + yaml, file);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  return loaded.value;
}

const ctx = {} as CaseContext;

describe('the traces adapter', () => {
  it('derives a conversation’s steps and returns its spans with Baton’s shape', async () => {
    const a = adapter();
    const c = testCase('trace: { conversation_id: conv-4711 }\nexpect: { handoffs: none }\n');

    const derived = await a.derive(c);

    expect(derived.steps.map((s) => s.describe)).toEqual(
      [0, 1, 2].map((i) => `trace ${idOf(`genai/4711/${i}`, 16).slice(0, 8)} "POST /chat"`),
    );
    const handoffs = derived.spans.filter((s) => s.attributes['baton.event'] === 'handoff');
    expect(
      handoffs.map((s) => [s.attributes['baton.handoff.from'], s.attributes['baton.handoff.to']]),
    ).toEqual([
      ['Triage', 'Billing'],
      ['Billing', 'supervisor'],
    ]);
  });

  it('maps agent names: `names` first, else spaces become underscores', async () => {
    const c = testCase('trace: { conversation_id: thread-77 }\nexpect: { handoffs: none }\n');

    const plain = await adapter().derive(c);
    const mapped = await adapter({ names: { 'refund agent': 'refunds' } }).derive(c);

    const to = (d: typeof plain) =>
      d.spans.flatMap((s) =>
        s.attributes['baton.event'] === 'handoff' ? [s.attributes['baton.handoff.to']] : [],
      );
    expect(to(plain)).toEqual(['Refund_Agent']);
    expect(to(mapped)).toEqual(['refunds']);
  });

  it('reads a trace file named by the case, relative to the case file', async () => {
    const c = testCase(
      `trace: { file: ../../${FIXED}/crew-runs.json, steps: agent_turns }\nexpect: { handoffs: none }\n`,
    );

    const derived = await adapter({ files: [] }).derive(c);

    expect(derived.steps.map((s) => s.describe)).toEqual([
      'agent Support_Lead',
      'agent Refund_Specialist',
    ]);
  });

  it('reads the files a glob in `files` names, and is an error for a glob that matches none', async () => {
    const c = testCase('trace: { conversation_id: conv-4711 }\nexpect: { handoffs: none }\n');

    const derived = await adapter({ files: [`../${FIXED}/*.jsonl`] }).derive(c);

    expect(derived.steps).toHaveLength(3);
    await expect(adapter({ files: [`../${FIXED}/*.ndjson`] }).setup?.()).rejects.toThrow(
      `Failed to read adapter.files[0]: \`../${FIXED}/*.ndjson\` matches no trace file in suites. Globs and paths in a suite are relative to the suite file; fix the pattern, or remove it.`,
    );
  });

  it('is an error, naming the id and the files, when the trace is not there', async () => {
    const c = testCase(
      'trace: { trace_id: 0123456789abcdef0123456789abcdef }\nexpect: { handoffs: none }\n',
    );

    await expect(adapter().runCase(c, ctx)).rejects.toThrow(
      `Failed to find trace 0123456789abcdef0123456789abcdef for case c in ${relative(process.cwd(), join(ROOT, FIXED, 'support-chat.jsonl'))}, ${relative(process.cwd(), join(ROOT, FIXED, 'agents-sdk.jsonl'))}. Check the id in the case's \`trace:\` and the suite's \`adapter.files\`.`,
    );
  });

  it('judges a label whose window runs past a short trace on the steps it has, with a note', async () => {
    const c = testCase(
      'trace: { conversation_id: thread-77 }\nexpect:\n  handoffs:\n    - { from: Triage_Agent, to: Refund_Agent, at: 3 }\n    - { from: Refund_Agent, to: Triage_Agent, window: [1, 4] }\n',
    );

    const out = await adapter().runCase(c, ctx);

    expect(out?.labels?.handoffs.map((h) => h.window)).toEqual([
      [1, 1],
      [1, 1],
    ]);
    expect(out?.notes?.map((n) => n.code)).toEqual(['window.past_end', 'window.past_end']);
    expect(out?.notes?.[0]?.message).toMatch(
      /^a label expects Triage_Agent → Refund_Agent at step 3, but the trace has steps 0 to 1 \(0 trace .* "OpenAI Agents trace: \{name\}"; 1 trace .*\); judged at step 1$/,
    );
  });

  it('fits an effect label’s window to the trace as well', async () => {
    const c = testCase(
      'trace: { conversation_id: thread-77 }\nexpect:\n  handoffs: none\n  effects: [{ effect: refund, key: A-1001, window: [1, 5] }]\n',
    );

    const out = await adapter().runCase(c, ctx);

    expect(out?.labels?.effects?.[0]?.window).toEqual([1, 1]);
    expect(out?.notes?.[0]?.message).toMatch(/^a label expects refund A-1001 in steps 1 to 5, but/);
  });

  it('says where each step it derived begins, for reports to show in place of written steps', async () => {
    const c = testCase('trace: { conversation_id: thread-77 }\nexpect: { handoffs: none }\n');

    const out = await adapter().runCase(c, ctx);

    expect(out?.steps).toHaveLength(2);
    expect(out?.steps?.[0]).toMatchObject({
      kind: 'trace',
      text: expect.stringMatching(/^trace [0-9a-f]{8} "/),
    });
  });

  it('warns once per case, with the first place, when its trace files hold lines it cannot read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baton-unread-'));
    const good = readFileSync(join(ROOT, FIXED, 'agents-sdk.jsonl'), 'utf8').trimEnd();
    writeFileSync(join(dir, 'export.jsonl'), `${good}\n{"resourceSpans": [ cut off\n`);
    const c = testCase('trace: { conversation_id: thread-77 }\nexpect: { handoffs: none }\n');

    const out = await adapter({ files: [join(dir, 'export.jsonl')] })
      .runCase(c, ctx)
      .finally(() => rmSync(dir, { recursive: true, force: true }));

    expect(out?.spans?.length).toBeGreaterThan(0);
    expect(out?.notes?.map((n) => n.code)).toEqual(['traces.unreadable']);
    expect(out?.notes?.[0]?.message).toMatch(
      new RegExp(
        `^1 place\\(s\\) in .*export\\.jsonl could not be read, first .*export\\.jsonl:${good.split('\n').length + 1}: `,
      ),
    );
  });

  it('tells a case whose own trace lost spans to a line cut short, counting them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baton-lost-'));
    const lines = readFileSync(join(ROOT, FIXED, 'agents-sdk.jsonl'), 'utf8')
      .trimEnd()
      .split('\n');
    const at = lines.findIndex((l) => l.includes('thread-77'));
    const cut = lines.map((l, i) => (i === at ? l.slice(0, l.lastIndexOf('"spanId"')) : l));
    writeFileSync(join(dir, 'export.jsonl'), `${cut.join('\n')}\n`);
    const c = testCase('trace: { conversation_id: thread-77 }\nexpect: { handoffs: none }\n');

    const out = await adapter({ files: [join(dir, 'export.jsonl')] })
      .runCase(c, ctx)
      .finally(() => rmSync(dir, { recursive: true, force: true }));

    expect(out?.notes?.map((n) => n.code)).toEqual(['traces.unreadable', 'traces.unreadable']);
    expect(out?.notes?.[0]?.message).toMatch(
      new RegExp(
        `^the trace of c \\([0-9a-f]{8}\\) lost \\d+ spans? to an unreadable line at .*export\\.jsonl:${at + 1}: the case is judged on the spans that remain`,
      ),
    );
  });

  it('leaves labels alone when they fit the trace', async () => {
    const c = testCase(
      'trace: { conversation_id: thread-77 }\nexpect:\n  handoffs: [{ from: Triage_Agent, to: Refund_Agent, at: 0 }]\n',
    );

    const out = await adapter().runCase(c, ctx);

    expect(out?.labels).toBeUndefined();
    expect(out?.notes).toBeUndefined();
  });

  it('is an error when the case lists steps the trace does not have', async () => {
    const c = testCase(
      'trace: { conversation_id: thread-77 }\nsteps: [{ customer: hi }]\nexpect: { handoffs: none }\n',
    );

    await expect(adapter().runCase(c, ctx)).rejects.toThrow(
      /the case lists 1 steps, the trace has 2/,
    );
  });

  it('is an error for a case without `trace:` and for a suite file that does not exist', async () => {
    const c = testCase('steps: [{ customer: hi }]\nexpect: { handoffs: none }\n');

    await expect(adapter().runCase(c, ctx)).rejects.toThrow(/it has no `trace:`/);
    await expect(adapter({ files: ['nowhere.jsonl'] }).setup?.()).rejects.toThrow(
      /Failed to read trace file suites\/nowhere.jsonl: it does not exist/,
    );
  });
});
