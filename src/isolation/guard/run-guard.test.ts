import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardRun, type Refusal } from './run-guard.ts';

let server: Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  server = createServer((_req, res) => res.end('ok'));
  server.on('connection', () => connections++);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

function dial(): Promise<'connected' | string> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      done('connected');
    });
    socket.on('error', (error) => done((error as NodeJS.ErrnoException).code ?? 'error'));
  });
}

describe('guardRun', () => {
  it('lets a socket reach an allowed host and refuses, and records, any other', async () => {
    const recorded: [Refusal, string][] = [];
    const before = connections;
    let undo = guardRun({
      allowHosts: [`127.0.0.1:${port}`],
      processes: false,
      attribute: () => 'case-a',
      record: (refusal, who) => recorded.push([refusal, who]),
    });
    expect(await dial()).toBe('connected');
    undo();
    undo = guardRun({
      allowHosts: ['127.0.0.1:1'],
      processes: false,
      attribute: () => 'case-b',
      record: (refusal, who) => recorded.push([refusal, who]),
    });
    expect(await dial()).toBe('ECONNREFUSED');
    undo();
    expect(connections - before).toBe(1);
    expect(recorded).toEqual([
      [{ kind: 'connect', host: '127.0.0.1', port: String(port) }, 'case-b'],
    ]);
  });

  it('records a Worker thread refusal on the case that started the Worker, before the Worker sees it fail', async () => {
    const recorded: string[] = [];
    let who = 'case-that-started-it';
    const undo = guardRun({
      allowHosts: [],
      processes: false,
      attribute: () => who,
      record: (_refusal, w) => recorded.push(w),
    });
    const worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       fetch(workerData).then(() => parentPort.postMessage('reached'), (e) => parentPort.postMessage(String(e.cause?.code)));`,
      { eval: true, workerData: `http://127.0.0.1:${port}/` },
    );
    who = 'a-later-case';
    const answer = await new Promise((done) => worker.once('message', done));
    const seenWhenAnswered = [...recorded];
    undo();
    await worker.terminate();
    expect(answer).toBe('ECONNREFUSED');
    expect(seenWhenAnswered).toEqual(['case-that-started-it']);
  });

  it('takes itself down: sockets connect as before', async () => {
    guardRun({ allowHosts: [], processes: false, attribute: () => 0, record: () => {} })();
    expect(await dial()).toBe('connected');
  });
});
