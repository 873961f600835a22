import { context, trace } from '@opentelemetry/api';
import type { Adapter } from '../adapters/adapter.ts';
import type { Edge, Envelope, NegotiationRequest, ReceiveOutcome } from '../contracts/types.ts';
import type { ToolEffectRule } from '../model/effects-config.ts';
import { Isolate } from './isolate.ts';
import type { IsolateFault, IsolateInit, IsolationKind, RunReply } from './protocol.ts';
import { rebaseSpans } from './rebase-spans.ts';

export interface IsolatedAdapterOptions extends IsolateInit {
  readonly kind: IsolationKind;
  /** Name and tool effects of the adapter the isolates run (built here, never set up). */
  readonly inner: Pick<Adapter, 'name' | 'toolEffects' | 'deliversHandoffs'>;
  /** How long teardown waits for an isolate to close before it ends it. */
  readonly closeWaitMs: number;
}

/**
 * Runs the suite's adapter in worker threads or child processes, one case at a time each (as many
 * as cases run at once), and hands Baton the spans they made as if they were made here. A case
 * whose isolate faults, exits, crashes or outlives `timeout_ms` fails alone: Baton ends that
 * isolate (a busy loop included) and starts a fresh one for the next case.
 */
export function createIsolatedAdapter(o: IsolatedAdapterOptions): Adapter {
  const idle: Isolate[] = [];
  // Isolates the runner reserved before starting a case's clock; runCase takes them in turn.
  const reserved: Isolate[] = [];
  const live = new Set<Isolate>();
  const negotiations = new Map<number, NegotiationRequest['receive']>();
  let nextNegotiation = 0;
  // Errors that escaped after their case finished: the run fails with them (report.unhandled).
  const late: IsolateFault[] = [];
  const init: IsolateInit = { suiteFile: o.suiteFile, config: o.config, cases: o.cases };
  const handlers = {
    deliver: ({ id, envelope }: { id: number; envelope: Envelope }) => {
      const receive = negotiations.get(id);
      if (!receive) throw new Error('no negotiation is waiting for this delivery');
      return receive(envelope);
    },
  };
  let ready: Isolate['ready'] | undefined;

  async function acquire(): Promise<Isolate> {
    for (let isolate = idle.pop(); isolate; isolate = idle.pop())
      if (isolate.healthy) return isolate;
    const isolate = await Isolate.start(o.kind, init, {
      handlers,
      onLateFault: (fault) => late.push(fault),
    });
    live.add(isolate);
    return isolate;
  }

  function release(isolate: Isolate): void {
    if (isolate.healthy) {
      idle.push(isolate);
      return;
    }
    live.delete(isolate);
    isolate.kill();
  }

  async function using<T>(
    work: (isolate: Isolate) => Promise<T>,
    take: () => Promise<Isolate> = acquire,
  ): Promise<T> {
    const isolate = await take();
    try {
      return await work(isolate);
    } finally {
      release(isolate);
    }
  }

  const adapter: Adapter = {
    name: `${o.inner.name} (isolation: ${o.kind})`,
    ...(o.inner.toolEffects && { toolEffects: o.inner.toolEffects as ToolEffectRule[] }),
    ...(o.inner.deliversHandoffs && { deliversHandoffs: true }),
    async setup() {
      const first = await acquire();
      ready = first.ready;
      release(first);
    },
    async reserve() {
      reserved.push(await acquire());
    },
    async runCase(testCase, ctx) {
      const root = trace.getSpanContext(context.active());
      const take = async () => {
        const isolate = reserved.shift();
        if (isolate?.healthy) return isolate;
        if (isolate) release(isolate);
        return acquire();
      };
      return using(async (isolate) => {
        // A time-out ends the isolate: the only way to stop a busy loop.
        const stop = () => isolate.kill();
        ctx.signal.addEventListener('abort', stop, { once: true });
        let reply: RunReply;
        try {
          reply = await isolate.run({ testCase, repeat: ctx.repeat });
        } finally {
          ctx.signal.removeEventListener('abort', stop);
        }
        const spans = root ? rebaseSpans(reply.spans, reply.root, root) : [...reply.spans];
        return {
          spans,
          ...(reply.permutationSeed !== undefined && { permutationSeed: reply.permutationSeed }),
        };
      }, take);
    },
    async teardown() {
      const all = [...live];
      live.clear();
      idle.length = 0;
      reserved.length = 0;
      await Promise.all(all.map((isolate) => isolate.close(o.closeWaitMs)));
    },
    lateErrors: () => late.splice(0),
    receiver(edge: Edge) {
      if (!ready?.receiver) return undefined;
      return (envelope: Envelope) =>
        using((isolate) => isolate.call<ReceiveOutcome>('receive', { edge, envelope }));
    },
    negotiator(edge: Edge) {
      if (!ready?.negotiator) return undefined;
      return (request: NegotiationRequest) =>
        using(async (isolate) => {
          const id = ++nextNegotiation;
          negotiations.set(id, request.receive);
          try {
            const { envelope, hopCap } = request;
            return await isolate.call('negotiate', { id, edge, envelope, hopCap });
          } finally {
            negotiations.delete(id);
          }
        });
    },
  };
  return adapter;
}
