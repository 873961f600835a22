import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCapture } from '../../capture/capture.ts';
import { enabledChecks } from '../../checks/registry.ts';
import { AdapterConfig, type HttpAdapterConfig } from '../../model/adapter-config.ts';
import type { Case } from '../../model/labelled-case.ts';
import { runCaseOnce } from '../../run/run-case.ts';
import type { Adapter } from '../adapter.ts';
import { createHttpAdapter } from './http-adapter.ts';

/**
 * A service Baton starts: it notes each start in $STARTS, answers `{}` to every step, and exits
 * with code 3 on the step of case `crasher`. With $BROKEN set, the crash leaves that file behind
 * and a start that finds it exits with code 4 (a service that cannot come back).
 */
const SERVICE = `
const fs = require('node:fs');
const { PORT, STARTS, BROKEN } = process.env;
fs.appendFileSync(STARTS, 'start\\n');
if (BROKEN && fs.existsSync(BROKEN)) {
  console.error('FATAL: state file is corrupt');
  process.exit(4);
}
require('node:http').createServer((req, res) => {
  let body = '';
  req.on('data', (c) => { body += c; });
  req.on('end', () => {
    if (req.method === 'GET') return res.end('ok');
    if (JSON.parse(body).case_id === 'crasher') {
      if (BROKEN) fs.writeFileSync(BROKEN, '');
      console.error('listening on ' + PORT);
      console.error('FATAL: phishing classifier model file missing');
      process.exit(3);
    }
    res.setHeader('content-type', 'application/json');
    res.end('{}');
  });
}).listen(Number(PORT), '127.0.0.1');
`;

function oneStepCase(id: string): Case {
  return {
    id,
    title: id,
    source: 'unit test',
    tags: [],
    agents: ['triage'],
    persons: [],
    entry: 'triage',
    steps: [{ kind: 'customer', text: 'hello' }],
    labels: { handoffs: [] },
  };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-http-service-'));
  await writeFile(join(dir, 'service.js'), SERVICE);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function adapterFor(env: Record<string, string>): Adapter {
  const config = AdapterConfig.parse({
    type: 'http',
    url: 'http://127.0.0.1:{{port}}/turn',
    span_wait_ms: 0,
    start: {
      command: process.execPath,
      args: ['service.js'],
      env: { PORT: '{{port}}', STARTS: join(dir, 'starts'), ...env },
    },
  }) as HttpAdapterConfig;
  return createHttpAdapter(config, join(dir, 'suite.yaml'));
}

/** Runs the cases one after another, as `concurrency: 1` does; the clock is generous on purpose. */
async function runAll(adapter: Adapter, ids: string[]) {
  const capture = createCapture();
  const checks = enabledChecks({} as never);
  const runs = [];
  for (const id of ids)
    runs.push(
      await runCaseOnce(oneStepCase(id), 0, { adapter, capture, checks, timeoutMs: 60_000 }),
    );
  return runs;
}

async function starts(): Promise<number> {
  return (await readFile(join(dir, 'starts'), 'utf8')).split('\n').filter(Boolean).length;
}

describe('the HTTP adapter with a service it started', () => {
  it('names the URL it sends to, with the port it picked, once set up', async () => {
    const adapter = adapterFor({});
    const before = adapter.name;
    await adapter.setup?.();
    await adapter.teardown?.();

    expect(before).toBe('http http://127.0.0.1:{{port}}/turn');
    expect(adapter.name).toMatch(/^http http:\/\/127\.0\.0\.1:\d+\/turn$/);
  });

  it('fails the case the service exited during, with its exit code and stderr, and starts it again for the next', async () => {
    const adapter = adapterFor({});
    await adapter.setup?.();

    const runs = await runAll(adapter, ['before', 'crasher', 'after']).finally(() =>
      adapter.teardown?.(),
    );

    const url = adapter.name.slice('http '.length);
    expect(runs.map((r) => r.status)).toEqual(['pass', 'error', 'pass']);
    expect(runs[1]?.error).toEqual({
      code: 'adapter.service_exit',
      message: `the service exited with code 3 during step 0 (POST ${url}); its stderr ended with: listening on ${new URL(url).port} | FATAL: phishing classifier model file missing. Fix: make the service survive this step; Baton starts it again for the next case`,
    });
    expect(await starts()).toBe(2);
  });

  it('when the service cannot start again, fails the later cases with that one reason and stops trying', async () => {
    const adapter = adapterFor({ BROKEN: join(dir, 'broken') });
    await adapter.setup?.();

    const runs = await runAll(adapter, ['crasher', 'after', 'later']).finally(() =>
      adapter.teardown?.(),
    );

    const origin = new URL(adapter.name.slice('http '.length)).origin;
    expect(runs.map((r) => `${r.status} ${r.error?.code}`)).toEqual([
      'error adapter.service_exit',
      'error adapter.service_exit',
      'error adapter.service_exit',
    ]);
    expect(runs[1]?.error?.message).toBe(
      `the service is no longer running: it exited with code 3 during step 0 of case crasher, and starting it again failed: it exited with code 4 before ${origin}/ answered; its stderr ended with: FATAL: state file is corrupt. Fix: make the service survive every step and start again after it exits`,
    );
    expect(runs[2]?.error?.message).toBe(runs[1]?.error?.message);
    expect(await starts()).toBe(2);
  });
});
