import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './helpers.ts';

const SECRETS = [
  'sk-live-4eC39HqLyjWDarjtT1zdp7dc',
  'hunter2-correct-horse',
  '4111 1111 1111 1111',
  'ghp_0123456789abcdefghijklmnopqrstuvwxyzAB',
  'cust-8812', // the suite's own redact.patterns
];

describe('secrets in payloads', () => {
  it('never reach the console or any report file, while the findings still say what broke', async () => {
    const out = await tempDir();
    try {
      const run = await runCli(['run', 'test/fixtures/redaction/suite.yaml', '--out', out.path]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('contract.violation');
      expect(run.stdout).toContain('received "[REDACTED]"');
      expect(run.stdout).toContain('handoff.missing_fact');
      const files = await readdir(out.path);
      expect(files).toContain('report.json');
      const texts = [
        run.stdout,
        run.stderr,
        ...(await Promise.all(files.map((f) => readFile(join(out.path, f), 'utf8')))),
      ];
      for (const text of texts) for (const secret of SECRETS) expect(text).not.toContain(secret);
      const report = JSON.parse(await readFile(join(out.path, 'report.json'), 'utf8'));
      const missing = report.cases[0].findings.find(
        (f: { code: string }) => f.code === 'handoff.missing_fact',
      );
      expect(missing.observed.found).toBe('[REDACTED]');
    } finally {
      await out.remove();
    }
  });
});
