import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, readReport, runCli, tempDir } from './helpers.ts';

const FIXTURES = join(REPO, 'test/fixtures/escapes');
const PATHS = [
  'global-fetch',
  'node-http',
  'undici-request',
  'undici-fetch',
  'undici-agent',
  'raw-socket',
  'worker-fetch',
  'worker-eval-fetch',
];

/** A real server on 127.0.0.1 that counts every connection and request it receives. */
let server: Server;
let port: number;
const seen = { connections: 0, requests: 0 };

beforeAll(async () => {
  server = createServer((_req, res) => {
    seen.requests++;
    res.end('reached');
  });
  server.on('connection', () => seen.connections++);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

function suite(mode: string, cases: readonly string[]): string {
  return [
    `name: escapes-${mode}`,
    `cases: { include: [${cases.map((c) => `"${FIXTURES}/cases/${c}.yaml"`).join(', ')}] }`,
    `adapter: { type: module, path: "${FIXTURES}/escapes.ts", options: { port: ${port} } }`,
    `isolation: ${mode}`,
    'effects:',
    '  endpoints: [{ name: refund, url: https://payments.test/refunds, identity: { body: order_id } }]',
    '',
  ].join('\n');
}

// Effects on, loopback not allowed: every way out is refused and found, none reaches the server.
describe.each([
  ['none', PATHS],
  ['worker', PATHS],
  ['process', [...PATHS, 'child-process']],
] as const)('with effects on and isolation: %s', (mode, cases) => {
  it('refuses and reports every request path, and the server receives nothing', async () => {
    const dir = await tempDir();
    try {
      await writeFile(join(dir.path, 'suite.yaml'), suite(mode, cases));
      const run = await runCli(['run', join(dir.path, 'suite.yaml'), '--out', dir.path]);
      expect(run.code).toBe(1);
      const report = await readReport(join(dir.path, 'report.json'));
      const refused = Object.fromEntries(
        report.cases.map((c) => [
          c.id,
          c.findings.filter((f) => f.code === 'effect.unexpected_host').length,
        ]),
      );
      expect(refused).toEqual(Object.fromEntries(cases.map((c) => [c, 1])));
      expect(seen).toEqual({ connections: 0, requests: 0 });
    } finally {
      await dir.remove();
    }
  });
});
