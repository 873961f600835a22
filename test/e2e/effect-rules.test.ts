import { join } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.ts';
import { type CliResult, lines, readReport, runCli, tempDir } from './helpers.ts';

// An effect rule that matches nothing, or a label naming an effect no rule produces, used to be
// silent: effect.forbidden could never fire and effect.missing blamed the implementation.
const FIXTURES = 'test/fixtures/effect-rules';

let out: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  out = await tempDir();
});
afterAll(() => out.remove());

async function run(
  name: string,
  args: string[],
): Promise<{ result: CliResult; report: RunReport; text: string }> {
  const dir = join(out.path, name);
  const result = await runCli(['run', ...args, '--out', dir]);
  const report = await readReport(join(dir, 'report.json'));
  return { result, report, text: plain(result.stdout) };
}

const warningsOf = (report: RunReport) =>
  (report.warnings ?? []).map((w) => [w.code, w.severity, w.file, w.line]);

describe('an effects.tools rule that matches no tool call', () => {
  const suite = `${FIXTURES}/tools-typo.yaml`;

  it('is a warning at the rule’s line that names the tool of a like name that was called', async () => {
    const { result, report, text } = await run('tools-typo', [suite]);

    expect(result.code).toBe(1);
    expect(lines(text)).toContain(
      `! WARNING  ${suite}:12  effects.unmatched  rule effects.tools[0] (tool issue_refnd) matched no tool call in any of the 3 cases judged, while issue_refund was called`,
    );
    expect(lines(text)).toContain('    fix: did you mean issue_refund?');
    expect(warningsOf(report)).toEqual([['effects.unmatched', 'warning', suite, 12]]);
  });

  it('is an error under --strict when a like tool was called: exit 2', async () => {
    const { result, report, text } = await run('tools-typo-strict', [suite, '--strict']);

    expect(result.code).toBe(2);
    expect(text).toContain(`✗ ERROR  ${suite}:12  effects.unmatched`);
    expect(report.passed).toBe(false);
  });

  it('warns alike when its cases ran as shards and were merged', async () => {
    // Shard 1/2 holds service-refund-twice, 2/2 the other two cases: no shard saw every case.
    const shards: string[] = [];
    for (const shard of ['1/2', '2/2']) {
      const dir = join(out.path, `shard-${shard.replace('/', '-')}`);
      const result = await runCli(['run', suite, '--shard', shard, '--out', dir]);
      expect(result.stderr).toBe('');
      shards.push(join(dir, 'report.json'));
    }
    const dir = join(out.path, 'merged');

    const merged = await runCli(['merge', ...shards, '--out', dir]);

    expect(plain(merged.stdout)).toContain(
      `! WARNING  ${suite}:12  effects.unmatched  rule effects.tools[0] (tool issue_refnd) matched no tool call in any of the 3 cases judged, while issue_refund was called`,
    );
    expect((await readReport(join(dir, 'report.json'))).warnings?.[0]?.fix).toBe(
      'did you mean issue_refund?',
    );
  });
});

describe('an effect endpoint that answers no request', () => {
  it('is a warning naming the request that missed it; the email the implementation emits is none', async () => {
    const suite = `${FIXTURES}/endpoint-typo.yaml`;

    const { result, report, text } = await run('endpoint-typo', [suite]);

    expect(result.code).toBe(1);
    expect(lines(text)).toContain(
      `! WARNING  ${suite}:10  effects.unmatched  endpoint effects.endpoints[0] (refund) answered no request in the one case judged, while POST https://payments.test/refund reached no endpoint (404)`,
    );
    // email comes from the implementation's own emitEffect: no rule names it, and no warning.
    expect(warningsOf(report)).toEqual([['effects.unmatched', 'warning', suite, 10]]);
  });
});

describe('a label naming an effect no rule of the suite produces', () => {
  const suite = `${FIXTURES}/label-typo.yaml`;
  const file = `${FIXTURES}/cases/refnud.yaml`;

  it('is a warning at the label’s line with the declared effect of a like name', async () => {
    const { result, report, text } = await run('label-typo', [suite]);

    expect(result.code).toBe(1);
    expect(lines(text)).toContain(
      `! WARNING  ${file}:9  effects.undeclared  no rule of the suite produces effect refnud, and no case that labels it had one: it must come from the implementation’s own spans (emitEffect)`,
    );
    expect(lines(text)).toContain(
      '    fix: did you mean refund? Otherwise name the tool that makes it in the suite’s effects.tools (or its endpoint, for code Baton runs in its own process), or check that the implementation emits it with emitEffect',
    );
    expect(warningsOf(report)).toEqual([['effects.undeclared', 'warning', file, 9]]);
  });

  it('stays a warning under --strict: the implementation may emit the effect itself', async () => {
    const { result, report } = await run('label-typo-strict', [suite, '--strict']);

    expect(result.code).toBe(1);
    expect(warningsOf(report)).toEqual([['effects.undeclared', 'warning', file, 9]]);
  });
});
