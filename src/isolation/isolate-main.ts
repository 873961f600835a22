import { pathToFileURL } from 'node:url';
import type { Envelope, ReceiveOutcome } from '../contracts/types.ts';
import { IsolateSession, runningCase } from './isolate-session.ts';
import { ISOLATE_FLAG, type IsolateFault, type IsolateInit } from './protocol.ts';
import { type Port, Rpc, toWire } from './rpc.ts';

/** Thrown from `process.exit` inside an isolate: the fault is reported, the caller stops. */
class IsolateExit extends Error {
  override readonly name = 'IsolateExit';
}

async function parentPort(): Promise<Port> {
  const { parentPort: port } = await import('node:worker_threads');
  if (port) return { send: (m) => port.postMessage(m), onMessage: (l) => port.on('message', l) };
  return {
    send: (m) => process.send?.(m as object),
    onMessage: (l) => process.on('message', l),
  };
}

/**
 * Whatever would end or corrupt the isolate is told to Baton instead, which fails the case that
 * was running and retires the isolate: an unhandled rejection, a throw in a timer or callback,
 * `process.exit` (it throws here, so the code after it does not run either).
 */
function trapFaults(send: (fault: IsolateFault) => void): () => void {
  const exit = process.exit.bind(process);
  const report = (fault: IsolateFault) => send({ ...fault, ...runningCase.getStore() });
  process.on('uncaughtException', (error) =>
    report({ kind: 'uncaught_exception', message: toWire(error).message || toWire(error).name }),
  );
  process.on('unhandledRejection', (reason) =>
    report({ kind: 'unhandled_rejection', message: toWire(reason).message }),
  );
  process.exit = ((code?: number | string | null) => {
    report({ kind: 'exit', message: `process.exit(${String(code ?? '')})` });
    throw new IsolateExit(`process.exit(${String(code ?? '')}) is not allowed here`);
  }) as typeof process.exit;
  return () => exit(0);
}

/** The isolate's main loop: set up the suite's adapter when asked, then run what Baton sends. */
export async function runIsolate(): Promise<void> {
  const port = await parentPort();
  let session: IsolateSession | undefined;
  const ready = () => {
    if (!session) throw new Error('the isolate was not initialised');
    return session;
  };
  let rpc: Rpc | undefined;
  const end = trapFaults((fault) => rpc?.event('fault', fault));
  rpc = new Rpc(port, {
    init: async (init: IsolateInit) => {
      session = await IsolateSession.start(init);
      return session.describe();
    },
    run: (request: Parameters<IsolateSession['run']>[0]) => ready().run(request),
    receive: (request: Parameters<IsolateSession['receive']>[0]) => ready().receive(request),
    negotiate: (request: Parameters<IsolateSession['negotiate']>[0] & { id: number }) =>
      ready().negotiate(request, (envelope: Envelope) =>
        (rpc as Rpc).call<ReceiveOutcome>('deliver', { id: request.id, envelope }),
      ),
    close: async () => {
      await session?.close();
      setImmediate(end);
    },
  });
}

// A child process isolate runs this module as its main file, flagged so an import never starts it.
const main = process.argv[1];
if (process.argv.includes(ISOLATE_FLAG) && main && pathToFileURL(main).href === import.meta.url)
  void runIsolate();
