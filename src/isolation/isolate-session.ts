import { AsyncLocalStorage } from 'node:async_hooks';
import { context, trace } from '@opentelemetry/api';
import type { Adapter } from '../adapters/adapter.ts';
import { createAdapter } from '../adapters/create-adapter.ts';
import { type Capture, createCapture } from '../capture/capture.ts';
import type { Edge, Envelope, NegotiationOutcome, ReceiveOutcome } from '../contracts/types.ts';
import { withSuiteHttpEffects } from '../effects/suite-effects.ts';
import { caseContext } from '../run/case-context.ts';
import { LazyAbort } from '../run/with-timeout.ts';
import type { IsolateInit, IsolateReady, RunReply, RunRequest } from './protocol.ts';

/** A probe edge: adapters expose property hooks for every edge or for none. */
const ANY_EDGE: Edge = { from: '*', to: '*' };

/** The case run whose code is running: Node runs fault listeners in the context of the throw. */
export const runningCase = new AsyncLocalStorage<{ caseId: string; repeat: number }>();

/**
 * The suite's adapter as Baton would build it in its own process (with the HTTP ledger when the
 * suite has effects, a cassette or model traffic), driven one case at a time by the parent.
 */
export class IsolateSession {
  private constructor(
    private readonly adapter: Adapter,
    private readonly capture: Capture,
  ) {}

  static async start(init: IsolateInit): Promise<IsolateSession> {
    const { config, suiteFile, cases } = init;
    const inner = await createAdapter(config.adapter, suiteFile, { faults: config.faults });
    // Baton starts no process in an isolate, so with effects on the implementation may not either.
    const adapter = withSuiteHttpEffects(inner, config, suiteFile, cases, {
      refuseProcesses: true,
    });
    const capture = createCapture();
    await adapter.setup?.();
    return new IsolateSession(adapter, capture);
  }

  describe(): IsolateReady {
    return {
      name: this.adapter.name,
      receiver: this.adapter.receiver?.(ANY_EDGE) !== undefined,
      negotiator: this.adapter.negotiator?.(ANY_EDGE) !== undefined,
    };
  }

  async run({ testCase, repeat }: RunRequest): Promise<RunReply> {
    const scope = this.capture.open(testCase.id, repeat);
    const ctx = caseContext(testCase, this.capture.tracer, new LazyAbort(), repeat, scope);
    let output: Awaited<ReturnType<Adapter['runCase']>>;
    try {
      output = await runningCase.run({ caseId: testCase.id, repeat }, () =>
        context.with(scope.context, () => this.adapter.runCase(testCase, ctx)),
      );
      // Node reports an unhandled rejection after the microtasks of the tick that made it.
      await new Promise((done) => setImmediate(done));
    } catch (error) {
      scope.close();
      throw error;
    }
    const spans = scope.close();
    const root = trace.getSpanContext(scope.context);
    for (const span of output?.spans ?? []) spans.push(span);
    return {
      spans,
      root: { traceId: root?.traceId ?? '', spanId: root?.spanId ?? '' },
      ...(output?.permutationSeed !== undefined && { permutationSeed: output.permutationSeed }),
    };
  }

  receive(request: { edge: Edge; envelope: Envelope }): Promise<ReceiveOutcome> {
    const receiver = this.adapter.receiver?.(request.edge);
    if (!receiver) throw new Error('the implementation exposes no receive()');
    return receiver(request.envelope);
  }

  negotiate(
    request: { edge: Edge; envelope: Envelope; hopCap: number },
    deliver: (envelope: Envelope) => Promise<ReceiveOutcome>,
  ): Promise<NegotiationOutcome> {
    const negotiate = this.adapter.negotiator?.(request.edge);
    if (!negotiate) throw new Error('the implementation exposes no negotiate()');
    const { edge, envelope, hopCap } = request;
    return negotiate({ ...edge, envelope, hopCap, receive: deliver });
  }

  async close(): Promise<void> {
    await this.adapter.teardown?.();
  }
}
