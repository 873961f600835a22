import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { globSync } from 'tinyglobby';
import { afterAll, describe, expect, it } from 'vitest';
import { conversationsOf, replayTraffic } from '../../examples/http-service/replay-traffic.ts';
import { loadPolicy } from '../../examples/support-router/policy.ts';
import { decide } from '../../examples/support-router/router.ts';
import { initialState } from '../../examples/support-router/state.ts';
import type { Case } from '../../src/model/labelled-case.ts';
import type { ShadowReport } from '../../src/shadow/shadow-report.ts';
import { REPO, tempDir } from './helpers.ts';
import { startNode, startShadow } from './processes.ts';

/** What the router hands off in a conversation under a policy: `from>to@step`, in order. */
async function handoffsUnder(policyFile: string, steps: Case['steps'], entry: string) {
  const policy = await loadPolicy(join(REPO, policyFile));
  let state = initialState(entry);
  const out: string[] = [];
  steps.forEach((step, i) => {
    const d = decide(policy, state, step, i);
    state = d.state;
    for (const a of d.actions) if (a.kind === 'handoff') out.push(`${a.from}>${a.to}@${i}`);
  });
  return out.join(' ');
}

const dirs: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const remove of dirs) await remove();
});

describe('baton shadow beside the HTTP support desk', () => {
  it('shows disagreements on exactly the conversations where the proposed policy routes differently', async () => {
    const out = await tempDir();
    dirs.push(out.remove);
    const { shadow, endpoint } = await startShadow([
      'suites/shadow-regressed.yaml',
      '--port',
      '0',
      '--out',
      out.path,
    ]);
    // The live side: the desk under the policy in force, exporting through the OpenTelemetry SDK.
    const desk = startNode(['bin/run-ts.mjs', 'examples/http-service/server.ts'], {
      PORT: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    });
    const [, url] = await desk.waitFor(/support desk on (http:\/\/\S+) \(sound, exporting spans\)/);
    const files = globSync('cases/support/*.yaml', { cwd: REPO, absolute: true });
    const conversations = await conversationsOf(files);
    // The desk exports a turn's spans before it answers: once this returns, Baton has them all.
    await replayTraffic(`${url}/turn`, conversations);
    desk.child.kill('SIGTERM');
    await desk.exited;
    shadow.child.kill('SIGTERM');
    const code = await shadow.exited;

    const expected: string[] = [];
    for (const c of conversations) {
      const live = await handoffsUnder('examples/support-router/policy.yaml', c.steps, c.entry);
      const proposed = await handoffsUnder(
        'examples/support-router/policy-regressed.yaml',
        c.steps,
        c.entry,
      );
      if (live !== proposed) expected.push(c.id);
    }
    const report = JSON.parse(
      await readFile(join(out.path, 'shadow.json'), 'utf8'),
    ) as ShadowReport;
    expect(code).toBe(1); // 38 conversations: not enough for a canary
    expect(report.final).toBe(true);
    expect(report.traffic).toMatchObject({
      finished: conversations.length,
      compared: conversations.length,
      dropped: 0,
      unreplayable: 0,
      errored: 0,
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(report.disagreements.listed.map((d) => d.conversation).sort()).toEqual(expected.sort());
    expect(report.agreement).toMatchObject({
      count: conversations.length - expected.length,
      of: conversations.length,
    });
    expect(report.escalations.missed).toBeGreaterThan(0);
    expect(report.metrics.live.conversations).toBe(conversations.length);
    expect(report.readiness.verdict).toMatch(
      /^not ready for a canary: conversations compared 38, needs >= 500/,
    );
    expect(shadow.stdout()).toContain('Readiness: not ready for a canary');
  });
});
