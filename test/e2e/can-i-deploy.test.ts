import { describe, expect, it } from 'vitest';
import { FIXTURES, lines, runCli, stackLines } from './helpers.ts';

const FILE = 'examples/compat/compat.yaml';

describe('baton can-i-deploy examples/compat/compat.yaml', () => {
  it('prints the matrix from the recorded exports: which triage version each refunds version accepts', async () => {
    const r = await runCli(['can-i-deploy', FILE]);
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ {2}triage 3\.1\.0 {2}✓ 3\/3 +✗ 0\/3$/),
        expect.stringMatching(/^ {2}triage 3\.2\.0 {2}✓ 3\/3 +✓ 3\/3$/),
        expect.stringMatching(/^ {2}triage 3\.3\.0 {2}✗ 0\/3 +✗ 0\/3$/),
        'Live versions: compatible',
      ]),
    );
    expect(r.stdout).toContain(
      'triage 3.1.0 → refunds 2.0.0: currency: expected a string, received no field',
    );
  });

  it('says no to refunds 2.0.0 while triage 3.1.0 is live, and yes once triage 3.2.0 is', async () => {
    const no = await runCli(['can-i-deploy', FILE, '--deploy', 'refunds@2.0.0']);
    const yes = await runCli([
      'can-i-deploy',
      FILE,
      '--deploy',
      'refunds@2.0.0',
      '--live',
      'triage=3.2.0',
    ]);
    expect(no.code).toBe(1);
    expect(lines(no.stdout).at(-1)).toBe(
      'NO  refunds 2.0.0 cannot be deployed: 1 of 1 checks failed',
    );
    expect(yes.code).toBe(0);
    expect(lines(yes.stdout).at(-1)).toBe('YES  refunds 2.0.0 can be deployed');
  });

  it('judges a sender by what it recorded: 3.2.0 may go, 3.3.0 sends amounts as text', async () => {
    const ok = await runCli(['can-i-deploy', FILE, '--deploy', 'triage@3.2.0', '--json']);
    const bad = await runCli(['can-i-deploy', FILE, '--deploy', 'triage@3.3.0']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({
      deployable: true,
      verdicts: [{ name: 'triage', version: '3.2.0' }],
    });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('amount: expected a number, received "750"');
  });

  it('reports bad compatibility files with positions, never a stack', async () => {
    const r = await runCli(['can-i-deploy', `${FIXTURES}/compat/bad.yaml`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /bad\.yaml:8:60: receivers\.refunds\["1\.0"\]\.edges\[0\]\.fields\.order_id: .*Fix: did you mean `string`\?/,
    );
    expect(stackLines(r.stderr)).toEqual([]);
    const missing = await runCli(['can-i-deploy', `${FIXTURES}/compat/missing-export.yaml`]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      `${FIXTURES}/compat/missing-export.yaml:3:14: envelopes[0].traces[0]: no trace file at no-such-export.jsonl.`,
    );
  });
});
