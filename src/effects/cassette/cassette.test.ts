import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT, HTTP } from '../../conventions/attributes.ts';
import { CassetteConfig } from '../../model/effects-config.ts';
import { CassetteMissError } from '../errors.ts';
import { adapterOf, localServer, runCase, spansOf, testCase } from '../test-support.ts';
import { withHttpEffects } from '../with-http-effects.ts';
import { Cassette, type CassetteSession } from './cassette.ts';
import { requestKey } from './request-key.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-cassette-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** What a caller saw: status, content type, a custom header and the exact body bytes. */
interface Seen {
  status: number;
  type: string | null;
  requestId: string | null;
  body: string;
}

/** The model calls of the case: the same question twice (two different answers), a list, bytes. */
async function modelCalls(origin: string, secret: string): Promise<Seen[]> {
  const ask = () =>
    fetch(`${origin}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', input: 'refund A-1001?', api_key: secret }),
    });
  const calls = [
    ask,
    ask,
    () => fetch(`${origin}/v1/models?b=2&a=1`),
    () => fetch(`${origin}/logo`),
  ];
  const seen: Seen[] = [];
  for (const call of calls) {
    const r = await call();
    const bytes = Buffer.from(await r.arrayBuffer());
    seen.push({
      status: r.status,
      type: r.headers.get('content-type'),
      requestId: r.headers.get('x-request-id'),
      body: bytes.toString('base64'),
    });
  }
  return seen;
}

async function runOnce(
  mode: 'record' | 'replay',
  host: string,
  body: () => Promise<unknown>,
  caseId = 'c1',
) {
  const cassette = CassetteConfig.parse({ file: 'cassettes/model.json', mode, hosts: [host] });
  const adapter = withHttpEffects(
    adapterOf(async () => {
      await body();
    }),
    { cassette, suiteFaults: [], suiteDir: dir },
  );
  await adapter.setup?.();
  try {
    return await runCase(adapter, testCase(caseId));
  } finally {
    await adapter.teardown?.();
  }
}

function startModelServer() {
  let n = 0;
  return localServer((r) => {
    if (r.url === '/logo')
      return { headers: { 'content-type': 'image/png' }, body: new Uint8Array([0xff, 0xfe, 0x00]) };
    const headers = { 'content-type': 'application/json', 'x-request-id': `req-${++n}` };
    if (r.url.startsWith('/v1/models')) return { headers, body: '{"data":[{"id":"m"}]}' };
    return { headers, body: `{\n  "output": "answer ${n}"\n}` };
  });
}

describe('cassettes', () => {
  it('records through the real service with secrets redacted, then replays it byte for byte offline', async () => {
    const server = await startModelServer();
    let recorded: Seen[] = [];
    try {
      const run = await runOnce('record', server.host, async () => {
        recorded = await modelCalls(server.origin, 'sk-live-123');
      });
      expect(run.error).toBeUndefined();
    } finally {
      await server.close();
    }
    const text = await readFile(join(dir, 'cassettes/model.json'), 'utf8');
    const file = JSON.parse(text);

    expect(server.received).toHaveLength(4);
    expect(server.received[0]?.headers.authorization).toBe('Bearer sk-live-123');
    expect(text).not.toContain('sk-live-123');
    expect(file.version).toBe(1);
    expect(file.entries).toHaveLength(4);
    expect(file.entries[0]).toMatchObject({
      case: 'c1',
      repeat: 0,
      request: {
        method: 'POST',
        url: `${server.origin}/v1/responses`,
        headers: { authorization: '[REDACTED]' },
        body: { json: { model: 'm', input: 'refund A-1001?', api_key: '[REDACTED]' } },
      },
      response: { status: 200, body: { text: '{\n  "output": "answer 1"\n}' } },
    });
    expect(file.entries[2].request.url).toBe(`${server.origin}/v1/models?a=1&b=2`);
    expect(file.entries[2].response.body).toEqual({ json: { data: [{ id: 'm' }] } });
    expect(file.entries[3].response.body).toEqual({ base64: '//4A' });

    // The server is closed: every answer now comes from the cassette, with another secret.
    let replayed: Seen[] = [];
    const run = await runOnce('replay', server.host, async () => {
      replayed = await modelCalls(server.origin, 'sk-other-456');
    });

    expect(run.error).toBeUndefined();
    expect(replayed).toEqual(recorded);
    expect(replayed.map((s) => s.requestId)).toEqual(['req-1', 'req-2', 'req-3', null]);
    expect(spansOf(run.spans, EVENT.request).map((s) => s.attributes[HTTP.status])).toEqual([
      200, 200, 200, 200,
    ]);
  });

  it('a request the cassette does not hold fails with a network error and errors the case', async () => {
    const server = await startModelServer();
    try {
      await runOnce('record', server.host, () => fetch(`${server.origin}/v1/models`));
    } finally {
      await server.close();
    }
    let caller = '';

    const run = await runOnce('replay', server.host, async () => {
      caller = await fetch(`${server.origin}/v1/responses?z=1&a=2`, {
        method: 'POST',
        body: '{"input":"never recorded"}',
      }).then(
        (r) => String(r.status),
        (e: Error) => e.name,
      );
    });

    expect(caller).toBe('TypeError');
    expect(run.error).toBeInstanceOf(CassetteMissError);
    expect((run.error as Error).message).toBe(
      `Failed to replay POST ${server.origin}/v1/responses?a=2&z=1 from cassette cassettes/model.json: it holds no recorded answer for this request in case c1. Re-record it: set cassette.mode to record in the suite and run the suite against the real service`,
    );
  });

  it('replaying a cassette that does not exist errors every case, saying how to record it', async () => {
    const run = await runOnce('replay', '127.0.0.1:9', async () => {});

    expect((run.error as Error).message).toBe(
      'Failed to read cassette cassettes/model.json: the file does not exist. Re-record it: set cassette.mode to record in the suite and run the suite against the real service',
    );
  });
});

describe('cassette entries by case and repeat', () => {
  const entry = (input: string, answer: string, who: { case?: string; repeat?: number } = {}) => ({
    ...who,
    request: { method: 'POST', url: 'https://m.test/v1', body: { json: { input } } },
    response: { status: 200, body: { text: answer } },
  });

  async function open() {
    const file = join(dir, 'c.json');
    const entries = [
      entry('Q', 'a0', { case: 'a', repeat: 0 }),
      entry('Q', 'a1', { case: 'a', repeat: 1 }),
      entry('Q', 'b', { case: 'b', repeat: 0 }),
      entry('Z', 'z'),
    ];
    await writeFile(file, JSON.stringify({ version: 1, entries }));
    return Cassette.open(CassetteConfig.parse({ file: 'c.json', hosts: ['m.test'] }), dir);
  }

  const key = (input: string) => requestKey('POST', 'https://m.test/v1', { json: { input } });
  const answer = (found: ReturnType<CassetteSession['take']>) =>
    'entry' in found ? found.entry.response.body : found.miss;

  it('a case replays its own entries (same repeat, else its first), then those of no case', async () => {
    const cassette = await open();

    expect(answer(cassette.session('a', 1).take(key('Q'), 'Q'))).toEqual({ text: 'a1' });
    expect(answer(cassette.session('a', 5).take(key('Q'), 'Q'))).toEqual({ text: 'a0' });
    expect(answer(cassette.session('b', 0).take(key('Q'), 'Q'))).toEqual({ text: 'b' });
    expect(answer(cassette.session('a', 0).take(key('Z'), 'Z'))).toEqual({ text: 'z' });
    expect(answer(cassette.session('unknown', 0).take(key('Q'), 'Q'))).toEqual({ text: 'a0' });
  });

  it('each entry answers once per case run; asking again is a miss that says so', async () => {
    const session = (await open()).session('b', 0);
    session.take(key('Q'), 'POST https://m.test/v1');

    expect(answer(session.take(key('Q'), 'POST https://m.test/v1'))).toBe(
      'Failed to replay POST https://m.test/v1 from cassette c.json: it holds 1 answer(s) for this request in case b and all were used. Re-record it: set cassette.mode to record in the suite and run the suite against the real service',
    );
  });

  it('recording some cases keeps the entries of the cases that did not run', async () => {
    const server = await startModelServer();
    try {
      await runOnce('record', server.host, () => fetch(`${server.origin}/v1/models`), 'first');
      await runOnce('record', server.host, () => fetch(`${server.origin}/v1/models?x=1`), 'second');
      await runOnce('record', server.host, () => fetch(`${server.origin}/v1/models?x=2`), 'second');
    } finally {
      await server.close();
    }
    const file = JSON.parse(await readFile(join(dir, 'cassettes/model.json'), 'utf8'));

    expect(
      file.entries.map((e: { case: string; request: { url: string } }) => [e.case, e.request.url]),
    ).toEqual([
      ['first', `${server.origin}/v1/models`],
      ['second', `${server.origin}/v1/models?x=2`],
    ]);
  });
});
