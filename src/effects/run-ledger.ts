import { syncBuiltinESMExports } from 'node:module';
import { context, trace } from '@opentelemetry/api';
import { setupServer } from 'msw/node';
import type { CaseContext, CaseRunOutput } from '../adapters/adapter.ts';
import { CaseRunError } from '../errors.ts';
import { thrownAt } from '../io/user-frame.ts';
import { guardRun } from '../isolation/guard/run-guard.ts';
import type { CassetteConfig, EffectsConfig } from '../model/effects-config.ts';
import type { Fault } from '../model/fault.ts';
import type { Case } from '../model/labelled-case.ts';
import type { ModelTrafficConfig } from '../model/model-traffic-config.ts';
import { Redaction, type RedactionConfig } from '../redact/redaction.ts';
import { describeThrown } from '../thrown.ts';
import { CaseRegistry, newCaseState, outsideState } from './case-state.ts';
import { Cassette } from './cassette/cassette.ts';
import { catchAll } from './catch-all.ts';
import { CassetteMissError, EffectsConfigError } from './errors.ts';
import { type EndpointOptions, fakeEndpoint } from './fake-endpoint.ts';
import { unknownFaultEndpoints } from './faults.ts';
import { HostList, PatternHosts } from './hosts.ts';
import { awaitLateCommits, expectedCommits } from './late-commits.ts';
import { beginCall, type Call, closeInFlight, passThroughDone } from './ledger.ts';
import { LOST_RESPONSE_MAX_MS } from './lost-response.ts';
import { ModelTrafficObserver } from './model-traffic/observer.ts';
import { recordRefusal } from './refusals.ts';

export interface HttpEffectsOptions {
  readonly effects?: EffectsConfig;
  readonly cassette?: CassetteConfig;
  /** The suite's `faults:`; each case adds its own. Only HTTP faults act here. */
  readonly suiteFaults: readonly Fault[];
  /** The suite file's folder: the cassette path is relative to it. */
  readonly suiteDir: string;
  /** Upper bound of a `lost_response` in `timeout` mode (default 30 s). */
  readonly lostResponseMaxMs?: number;
  /** How long a case waits for commits its labels expect after its adapter returned (`LATE_COMMIT_MS`). */
  readonly lateCommitMs?: number;
  /** The suite's `model_traffic`: handoffs read from model API responses. */
  readonly modelTraffic?: ModelTrafficConfig;
  /**
   * A shadow run: only these hosts are reached for real (not `effects.allow_hosts`), calls the
   * fakes answer are `blocked` effects, and a cassette in record mode is refused.
   */
  readonly shadow?: { readonly allowHosts: readonly string[] };
  /** Refuse child processes too: set inside an isolate, where Baton itself starts none. */
  readonly refuseProcesses?: boolean;
  /** The suite's own redaction rules, on top of Baton's, for what a cassette records. */
  readonly redact?: RedactionConfig;
}

// msw patches process-wide globals (fetch, node:http): one ledger at a time.
let running = false;

/** One run's msw server, the running cases' state and the cassette. */
export class RunLedger {
  private readonly stopped = new AbortController();
  private untraced = 0;
  private unguard: (() => void) | undefined;
  private readonly traffic: ModelTrafficObserver | undefined;

  private constructor(
    private readonly options: HttpEffectsOptions,
    private readonly registry: CaseRegistry,
    private readonly cassette: Cassette | undefined,
    private readonly server: ReturnType<typeof setupServer>,
  ) {
    const traffic = options.modelTraffic;
    this.traffic = traffic && new ModelTrafficObserver(traffic);
    this.endpointNames = new Set((options.effects?.endpoints ?? []).map((e) => e.name));
  }

  static async start(options: HttpEffectsOptions): Promise<RunLedger> {
    if (running)
      throw new EffectsConfigError(
        "Failed to start Baton's HTTP ledger: another run in this process is using it. Run suites with effects or cassettes one at a time.",
      );
    if (options.shadow && options.cassette?.mode === 'record')
      throw new EffectsConfigError(
        "Failed to start Baton's HTTP ledger for a shadow run: the suite's cassette is in record mode, which would send the candidate's requests for real. Set cassette.mode to replay.",
      );
    const redaction = new Redaction(options.redact);
    const cassette =
      options.cassette && (await Cassette.open(options.cassette, options.suiteDir, redaction));
    const tracer = trace.getTracer('baton-effects');
    const registry = new CaseRegistry(outsideState(tracer, cassette?.session(undefined, 0)));
    const server = setupServer();
    const ledger = new RunLedger(options, registry, cassette, server);
    server.use(...ledger.handlers());
    server.events.on('response:bypass', ({ response, requestId }) => {
      passThroughDone(registry, requestId, response);
      ledger.traffic?.responded(requestId, response);
    });
    server.events.on('response:mocked', ({ response, requestId }) =>
      ledger.traffic?.responded(requestId, response),
    );
    // Unreachable while the catch-all handler answers everything; refuse rather than pass through.
    server.listen({ onUnhandledRequest: (_request, print) => print.error() });
    // msw patches `http.request` on the CommonJS module object; ESM named and namespace imports
    // (`import { request } from 'node:http'`) keep the original unless synced (msw issue #2049).
    syncBuiltinESMExports();
    // What msw cannot see (undici's own API, raw sockets, Worker threads) is refused at the socket.
    const recording = cassette?.mode === 'record' ? cassette.config.hosts : [];
    ledger.unguard = guardRun({
      allowHosts: [...(options.effects?.allow_hosts ?? []), ...recording],
      processes: options.refuseProcesses ?? false,
      attribute: () => registry.attribute(context.active()),
      record: recordRefusal,
    });
    running = true;
    return ledger;
  }

  private handlers() {
    const endpoints = this.options.effects?.endpoints ?? [];
    const begin = (request: Request, requestId: string) => {
      const call = beginCall(this.registry, request, requestId);
      this.traffic?.track(call);
      return call;
    };
    const traffic = this.traffic;
    const endpointOptions: EndpointOptions = {
      begin,
      runSignal: this.stopped.signal,
      lostResponseMaxMs: this.options.lostResponseMaxMs ?? LOST_RESPONSE_MAX_MS,
      ...(this.options.shadow && { shadow: true }),
      ...(traffic && { actingOn: (call: Call) => traffic.actingOn(call.state) }),
    };
    const shadow = this.options.shadow;
    return [
      ...endpoints.map((e) => fakeEndpoint(e, endpointOptions)),
      catchAll({
        begin,
        cassette: this.cassette,
        allowed: new HostList(
          shadow ? shadow.allowHosts : (this.options.effects?.allow_hosts ?? []),
        ),
        ...(shadow && { allowList: 'shadow.allow_hosts' }),
        fakeHosts: new PatternHosts(endpoints.map((e) => e.url)),
      }),
    ];
  }

  /** Runs one case with its own faults, dedupe store, commit ledger and cassette view. */
  async runCase(
    testCase: Case,
    ctx: CaseContext,
    run: () => Promise<CaseRunOutput | undefined>,
  ): Promise<CaseRunOutput | undefined> {
    const faults = [...this.options.suiteFaults, ...(testCase.faults ?? [])];
    this.checkCase(testCase, faults);
    const { state, finish } = this.openCase(testCase, ctx, faults);
    let output: CaseRunOutput | undefined;
    try {
      output = await run();
      await this.traffic?.settle(state, () => ctx.signal);
      // A commit the labels expect may still be on its way: a request nobody waited for.
      await awaitLateCommits(
        state,
        expectedCommits(testCase.labels, this.endpointNames),
        () => ctx.signal,
        this.options.lateCommitMs,
      );
    } catch (error) {
      if (state.problems.length > 0) throw new CassetteMissError(state.problems, { cause: error });
      // The implementation's client saw a bare network error ("Connection error."): say why.
      if (state.refusals.length > 0) throw refusedError(error, state.refusals);
      if (state.injected.length > 0) throw faultedError(error, state.injected);
      throw error;
    } finally {
      finish();
    }
    if (state.problems.length > 0) throw new CassetteMissError(state.problems);
    return output;
  }

  /** Registers the case under its trace id (the root span active in runCase) until `finish`. */
  private openCase(testCase: Case, ctx: CaseContext, faults: readonly Fault[]) {
    const active = context.active();
    const key = trace.getSpanContext(active)?.traceId ?? `untraced-${++this.untraced}`;
    const state = newCaseState({
      caseId: testCase.id,
      repeat: ctx.repeat,
      context: active,
      tracer: ctx.tracer,
      faults,
      cassette: this.cassette?.session(testCase.id, ctx.repeat),
      caseSignal: () => ctx.signal,
    });
    this.registry.add(key, state);
    this.traffic?.openCase(state, testCase);
    const finish = () => {
      if (state.ended.signal.aborted) return;
      ctx.signal.removeEventListener('abort', finish);
      this.registry.delete(key);
      this.traffic?.closeCase(state);
      state.ended.abort();
      closeInFlight(state);
      if (state.cassette) this.cassette?.keep(state.cassette);
    };
    // A case that times out is over for Baton even while the implementation still runs.
    ctx.signal.addEventListener('abort', finish, { once: true });
    return { state, finish };
  }

  /** The suite's effect endpoints by name: the commits a case may wait for. */
  private readonly endpointNames: ReadonlySet<string>;

  private checkCase(testCase: Case, faults: readonly Fault[]): void {
    const names = (this.options.effects?.endpoints ?? []).map((e) => e.name);
    const unknown = unknownFaultEndpoints(faults, names);
    if (unknown.length > 0)
      throw new EffectsConfigError(
        `Failed to inject faults into case ${testCase.id}: ${unknown.join('; ')}. Name an endpoint the suite declares.`,
      );
    if (this.cassette?.mode === 'replay' && this.cassette.loadError)
      throw new EffectsConfigError(this.cassette.loadError);
  }

  /** Stops intercepting and, in record mode, writes the cassette. */
  async stop(): Promise<void> {
    this.stopped.abort();
    this.unguard?.();
    this.server.close();
    syncBuiltinESMExports();
    running = false;
    await this.cassette?.save();
  }
}

/**
 * A case that broke after Baton injected one of its faults into a request: the implementation
 * did not survive what the case set out to test, and the message says so.
 */
function faultedError(error: unknown, injected: readonly string[]): CaseRunError {
  const more = injected.length > 1 ? ` (and ${injected.length - 1} more)` : '';
  return new CaseRunError({
    code: 'adapter.threw',
    message: `the adapter threw ${describeThrown(error).replace(/\.$/, '')}${thrownAt(error)}, after Baton injected the case's fault ${injected[0]}${more}: the implementation did not recover from it. Fix: handle that failure (retry the request with an idempotency key the endpoint deduplicates, or report it), or take the fault out of the case if it is not meant to be survived`,
  });
}

/** A case that broke after Baton refused its request: the refusal is the likely cause. */
function refusedError(error: unknown, refusals: readonly string[]): CaseRunError {
  const more = refusals.length > 1 ? ` (and ${refusals.length - 1} more)` : '';
  return new CaseRunError({
    code: 'adapter.threw',
    message: `the adapter threw ${describeThrown(error).replace(/\.$/, '')}, after ${refusals[0]}${more}. Fix: allow the host in effects.allow_hosts, declare an effect endpoint for it, or list it in cassette.hosts to record and replay it`,
  });
}
