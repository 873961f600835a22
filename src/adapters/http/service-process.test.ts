import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BatonError } from '../../errors.ts';
import { type ServiceSpec, startService } from './service-process.ts';

const NODE = process.execPath;

function spec(script: string, over: Partial<ServiceSpec> = {}): ServiceSpec {
  return {
    command: NODE,
    args: ['-e', script],
    cwd: process.cwd(),
    env: {},
    readyUrl: 'http://127.0.0.1:1/',
    readyTimeoutMs: 5000,
    suite: 'suites/s.yaml',
    ...over,
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** A node script serving 200 on `port`; `ignoreTerm` makes it survive SIGTERM. */
function serverScript(port: number, ignoreTerm = false): string {
  return [
    ignoreTerm ? "process.on('SIGTERM', () => {});" : '',
    `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1');`,
  ].join('');
}

async function startError(s: ServiceSpec): Promise<BatonError> {
  const error = await startService(s).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BatonError);
  return error as BatonError;
}

describe('startService', () => {
  it('resolves once the ready URL answers, with the configured env, and stops on SIGTERM', async () => {
    const port = await freePort();
    const script = `if (process.env.GREETING !== 'hi') process.exit(9); ${serverScript(port)}`;

    const service = await startService(
      spec(script, { env: { GREETING: 'hi' }, readyUrl: `http://127.0.0.1:${port}/health` }),
    );
    const answer = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
    await service.stop();

    expect(answer).toBe('ok');
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  it('kills a service that ignores SIGTERM after the grace period', async () => {
    const port = await freePort();
    const service = await startService(
      spec(serverScript(port, true), { readyUrl: `http://127.0.0.1:${port}/` }),
    );
    const started = performance.now();

    await service.stop(200);

    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  it('names the command, its exit code and the end of its stderr when it exits first', async () => {
    const script =
      "console.error('listening...'); console.error(new Error('port 8787 is in use').stack); process.exit(3)";

    const error = await startError(spec(script));

    expect(error.code).toBe('adapter.load');
    expect(error.message).toBe(
      `Failed to start the service \`${NODE} -e ${script}\`: it exited with code 3 before http://127.0.0.1:1/ answered. Its stderr ended with: listening... | Error: port 8787 is in use. Fix the service or adapter.start in suites/s.yaml.`,
    );
    expect(error.message).not.toContain('\n');
  });

  it('says when the command does not exist', async () => {
    const error = await startError(spec('', { command: 'baton-no-such-command', args: [] }));

    expect(error.message).toBe(
      'Failed to start the service `baton-no-such-command`: spawn baton-no-such-command ENOENT. It wrote nothing to stderr. Check adapter.start.command (is `baton-no-such-command` on PATH?) in suites/s.yaml.',
    );
  });

  it('gives up after ready_timeout_ms and stops the service', async () => {
    const port = await freePort();
    const dir = await mkdtemp(join(tmpdir(), 'baton-service-'));
    const warm = join(dir, 'warm');
    // The service says it is warming up, then marks a file; the deadline passes only once the
    // file exists, so a slow start on a loaded machine cannot beat the message (no wall clock).
    const script = `console.error('warming up'); require('node:fs').writeFileSync(${JSON.stringify(warm)}, ''); setInterval(() => {}, 1000)`;
    const now = () => (existsSync(warm) ? Number.MAX_SAFE_INTEGER : 0);

    const error = await startError(
      spec(script, { readyUrl: `http://127.0.0.1:${port}/`, readyTimeoutMs: 300, now }),
    );
    await rm(dir, { recursive: true, force: true });

    expect(error.message).toMatch(
      new RegExp(
        `: http://127\\.0\\.0\\.1:${port}/ did not answer within 300 ms \\(ECONNREFUSED\\)\\. Its stderr ended with: warming up\\. Fix adapter\\.start\\.ready_url or raise adapter\\.start\\.ready_timeout_ms in suites/s\\.yaml\\.$`,
      ),
    );
  });
});
