import { execFileSync } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonLines, type SpanSpec } from '../fixtures/traces/otlp-writer.ts';
import { lines, readReport, runCli, stackLines, tempDir } from './helpers.ts';
import { moduleSuite, quietCase, writeProject } from './robust-project.ts';

let dir: { path: string; remove: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => dir.remove());

const cli = (args: string[]) => runCli(args, { cwd: dir.path });
const IMPL = 'export default () => ({ startCase: () => ({ handle() {} }) });\n';
const T0 = 1_700_000_000_000;
const handoff = {
  'baton.event': 'handoff',
  'baton.handoff.from': 'triage',
  'baton.handoff.to': 'refunds',
};

/** A traces suite over `traces/t.jsonl` and `cases/*.yaml`, cut by the root's children. */
function tracesSuite(extra: readonly string[] = []): string {
  return [
    'name: traces',
    "cases: { include: ['cases/*.yaml'] }",
    'adapter:',
    '  type: traces',
    '  files: [traces/t.jsonl]',
    '  steps: root_children',
    ...extra,
    '',
  ].join('\n');
}

function traceCase(id: string, traceId: string, expect = 'expect: { handoffs: none }'): string {
  return `id: ${id}\ntitle: ${id}\nsource: test\nparticipants: { agents: [triage, refunds] }\ntrace: { trace_id: ${traceId} }\n${expect}\n`;
}

describe('cause 1: YAML nested thousands of levels deep', () => {
  it('is one positioned problem; the other files of the folder are still checked', async () => {
    const deep = Array.from({ length: 2000 }, (_, i) => `${' '.repeat(i)}k:`).join('\n');
    await writeProject(dir.path, {
      'cases/deep.yaml': `${quietCase('deep')}extra:\n${deep} 1\n`,
      'cases/flow.yaml': `${quietCase('flow')}extra: ${'['.repeat(50_000)}${']'.repeat(50_000)}\n`,
      'cases/typo.yaml': quietCase('typo').replace('steps:', 'stepz:'),
    });

    const result = await cli(['validate', 'cases']);

    expect(result.code).toBe(2);
    expect(stackLines(result.stderr)).toEqual([]);
    const problems = lines(result.stderr);
    expect(problems.find((l) => l.startsWith('cases/deep.yaml:'))).toMatch(
      /^cases\/deep\.yaml:\d+:\d+: invalid YAML: nested more than 64 levels deep\. Fix: /,
    );
    expect(problems.find((l) => l.startsWith('cases/flow.yaml:'))).toMatch(/nested more than 64/);
    expect(problems.some((l) => l.startsWith('cases/typo.yaml:'))).toBe(true);
  });

  it('in a run, the deep case is one errored case and the good cases still pass', async () => {
    const deep = Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i)}k:`).join('\n');
    await writeProject(dir.path, {
      'impl.ts': IMPL,
      'suite.yaml': moduleSuite('deep'),
      'cases/deep.yaml': `${quietCase('deep')}extra:\n${deep} 1\n`,
      'cases/good.yaml': quietCase('good'),
    });

    const result = await cli(['run', 'suite.yaml', '--out', 'out']);
    const report = await readReport(join(dir.path, 'out/report.json'));

    expect(result.code).toBe(2);
    expect(report.cases.map((c) => [c.id, c.status])).toEqual([
      ['good', 'pass'],
      ['deep', 'error'],
    ]);
  });
});

describe('cause 2: recorded spans whose parents loop', () => {
  it('a span that is its own parent, and A → B → A, are judged without spinning', async () => {
    const traceId = 'ab'.repeat(16);
    const spans: SpanSpec[] = [
      {
        traceId,
        spanId: 'a'.repeat(16),
        parentId: 'b'.repeat(16),
        name: 'execute_tool transfer_to_refunds',
        start: T0,
        end: T0 + 1,
        attributes: {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'transfer_to_refunds',
        },
      },
      {
        traceId,
        spanId: 'b'.repeat(16),
        parentId: 'a'.repeat(16),
        name: 'loop',
        start: T0 + 1,
        end: T0 + 2,
      },
      {
        traceId,
        spanId: 'c'.repeat(16),
        parentId: 'c'.repeat(16),
        name: 'self',
        start: T0 + 2,
        end: T0 + 3,
        attributes: handoff,
      },
    ];
    await writeProject(dir.path, {
      'suite.yaml': tracesSuite(),
      'traces/t.jsonl': jsonLines([spans]),
      'cases/loop.yaml': traceCase('loop', traceId),
    });

    const result = await runCli(['run', 'suite.yaml', '--out', 'out'], {
      cwd: dir.path,
      killAfterMs: 60_000,
    });

    expect(result.code).not.toBeNull();
    expect([0, 1]).toContain(result.code);
    expect(stackLines(result.stderr)).toEqual([]);
    expect((await readReport(join(dir.path, 'out/report.json'))).cases).toHaveLength(1);
  });
});

describe('cause 3: one trace of 80,000 spans', () => {
  it('is read, judged and reported (every handoff unneeded), not a crash', async () => {
    const traceId = 'cd'.repeat(16);
    const root = { traceId, spanId: 'f'.repeat(16), name: 'case', start: T0, end: T0 + 1e6 };
    const step = {
      traceId,
      spanId: 'e'.repeat(16),
      parentId: root.spanId,
      name: 'step',
      start: T0,
      end: T0 + 1e6,
    };
    const batches: SpanSpec[][] = [[root, step]];
    for (let b = 0; b < 40; b++) {
      batches.push(
        Array.from({ length: 2000 }, (_, i) => {
          const n = b * 2000 + i + 1;
          return {
            traceId,
            spanId: n.toString(16).padStart(16, '0'),
            parentId: step.spanId,
            name: 'h',
            start: T0 + n,
            end: T0 + n,
            attributes: handoff,
          };
        }),
      );
    }
    await writeProject(dir.path, {
      'suite.yaml': tracesSuite(),
      'traces/t.jsonl': jsonLines(batches),
      'cases/huge.yaml': traceCase('huge', traceId),
    });

    const result = await cli(['run', 'suite.yaml', '--out', 'out']);
    const report = await readReport(join(dir.path, 'out/report.json'));

    expect(result.code).toBe(1);
    expect(stackLines(result.stderr)).toEqual([]);
    expect(report.cases[0]?.handoffs).toHaveLength(80_000);
    expect(report.summary.byCode['handoff.unneeded']).toBe(80_000);
  });
});

describe('cause 4: folders and FIFOs given as files, absurd numbers', () => {
  it('a FIFO or a folder as trace file or adapter.path is a positioned problem, not a hang', async () => {
    await writeProject(dir.path, {
      'suite.yaml': tracesSuite().replace(
        '[traces/t.jsonl]',
        '[traces/fifo.jsonl, traces/folder.jsonl]',
      ),
      'module.yaml': moduleSuite('m').replace('./impl.ts', './dir.ts'),
      'cases/a.yaml': traceCase('a', 'ab'.repeat(16)),
    });
    await mkdir(join(dir.path, 'traces/folder.jsonl'), { recursive: true });
    execFileSync('mkfifo', [join(dir.path, 'traces/fifo.jsonl')]);
    await mkdir(join(dir.path, 'dir.ts'));

    const result = await runCli(['validate', 'suite.yaml', 'module.yaml', 'traces/fifo.jsonl'], {
      cwd: dir.path,
      killAfterMs: 60_000,
    });

    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      'suite.yaml:5:11: adapter.files[0]: the trace file traces/fifo.jsonl is a named pipe (FIFO), not a file. Fix: point it at a regular file',
      'suite.yaml:5:30: adapter.files[1]: the trace file traces/folder.jsonl is a folder, not a file. Fix: point it at a regular file',
      'module.yaml:3:32: adapter.path: the adapter module ./dir.ts is a folder, not a file. Fix: point it at a regular file',
      'traces/fifo.jsonl: expected a file, received a named pipe (FIFO). Fix: pass a regular .yaml file; Baton does not read from pipes, sockets or devices',
    ]);
  });

  it('repeat: 1e9 and a timeout_ms above 2^31 fail validation with their lines', async () => {
    await writeProject(dir.path, {
      'suite.yaml': moduleSuite('n', ['repeat: 1e9']).replace(
        'timeout_ms: 20000',
        'timeout_ms: 3000000000',
      ),
      'impl.ts': IMPL,
    });

    const result = await cli(['validate', 'suite.yaml']);

    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      'suite.yaml:4:13: timeout_ms: expected a whole number from 1 to 2147483647, received 3000000000. Fix: change `timeout_ms` to a whole number from 1 to 2147483647',
      'suite.yaml:5:9: repeat: expected a whole number from 1 to 1000, received 1000000000. Fix: change `repeat` to a whole number from 1 to 1000',
    ]);
  });
});

describe('cause 5: a catastrophic recognize regex', () => {
  it('is matched in linear time against a 30,000-character span name', async () => {
    const traceId = 'ef'.repeat(16);
    const spans: SpanSpec[] = [
      {
        traceId,
        spanId: '1'.repeat(16),
        name: `${'a'.repeat(30_000)}!`,
        start: T0,
        end: T0 + 1,
        attributes: handoff,
      },
    ];
    await writeProject(dir.path, {
      'suite.yaml': tracesSuite([
        '  recognize:',
        '    - { name: "/^(a+)+$/", handoff: { to: "attr:baton.handoff.to", from: "attr:baton.handoff.from" } }',
      ]),
      'traces/t.jsonl': jsonLines([spans]),
      'cases/re.yaml': traceCase('re', traceId),
    });

    const result = await runCli(['run', 'suite.yaml', '--out', 'out'], {
      cwd: dir.path,
      killAfterMs: 60_000,
    });

    expect(result.code).not.toBeNull();
    expect(stackLines(result.stderr)).toEqual([]);
    expect((await readReport(join(dir.path, 'out/report.json'))).cases).toHaveLength(1);
  });
});

describe('paths: reading and echoing', () => {
  it('cases.include of /etc/passwd and /proc/self/environ is refused and nothing of them is printed', async () => {
    await writeProject(dir.path, {
      'impl.ts': IMPL,
      'suite.yaml': moduleSuite('p').replace(
        "['cases/*.yaml']",
        "['/etc/passwd', '/proc/self/environ', 'cases/*.yaml']",
      ),
      'cases/good.yaml': quietCase('good'),
      'cases/notes.txt': 'SECRET=hunter2\n',
    });
    const passwd = await readFile('/etc/passwd', 'utf8');

    const result = await cli(['run', 'suite.yaml', '--out', 'out']);
    const written = await readFile(join(dir.path, 'out/report.json'), 'utf8').catch(() => '');

    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      expect.stringMatching(
        /^suite\.yaml:2:20: cases\.include\[0\]: the case file \/etc\/passwd is outside the project .+ Fix: .+`allow_read`$/,
      ),
      expect.stringMatching(
        /^suite\.yaml:2:35: cases\.include\[1\]: the case file \/proc\/\S+\/environ is outside the project/,
      ),
    ]);
    const everything = result.stdout + result.stderr + written;
    expect(everything).not.toContain(passwd.slice(0, 12));
    expect(everything).not.toContain('hunter2');
  });

  it('a suite may read outside the project when allow_read lists the folder', async () => {
    const outside = await tempDir();
    try {
      await writeProject(outside.path, { 'shared/case.yaml': quietCase('shared') });
      await writeProject(dir.path, {
        'impl.ts': IMPL,
        'suite.yaml': moduleSuite('p', [
          `allow_read: [${JSON.stringify(join(outside.path, 'shared'))}]`,
        ]).replace("['cases/*.yaml']", JSON.stringify([join(outside.path, 'shared/*.yaml')])),
      });

      const result = await cli(['run', 'suite.yaml', '--out', 'out']);

      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    } finally {
      await outside.remove();
    }
  });

  it('escape sequences in case text reach the terminal escaped, with NO_COLOR too', async () => {
    const title = 'Refund \u001b[2J\u001b]52;c;ZXZpbA==\u0007 done\r\u001b[32m✓ PASS';
    await writeProject(dir.path, {
      'impl.ts':
        'export default () => ({ startCase: () => ({ handle() { throw new Error("boom \\u001b[2J"); } }) });\n',
      'suite.yaml': moduleSuite('esc'),
      'cases/esc.yaml': quietCase('esc', title),
    });

    const result = await cli(['run', 'suite.yaml', '--out', 'out']);

    for (const control of ['\u0007', '\r', '\u001b'])
      expect(result.stdout + result.stderr).not.toContain(control);
    expect(result.stdout).toContain(
      'Refund \\x1b[2J\\x1b]52;c;ZXZpbA==\\x07 done\\r\\x1b[32m✓ PASS',
    );
    expect(result.stdout).toContain('boom \\x1b[2J');
  });
});
