import { type Context, ROOT_CONTEXT, type Span, type Tracer, trace } from '@opentelemetry/api';
import { resolveAgent } from '../capture/agent-context.ts';
import { resolveResponse } from '../capture/response-context.ts';
import type { Fault } from '../model/fault.ts';
import type { CassetteSession } from './cassette/cassette.ts';
import { FaultCounters } from './faults.ts';

/** What a fake endpoint answered for a commit, replayed to retries with the same dedupe value. */
export interface StoredAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** Everything the ledger keeps for one case run; dropped when the run ends. */
export interface CaseState {
  /** The case id, or undefined for requests made outside any case. */
  readonly caseId: string | undefined;
  readonly repeat: number;
  /** The case's context when it started: the parent of spans whose own context was lost. */
  readonly context: Context;
  readonly tracer: Tracer;
  readonly faults: FaultCounters;
  /** The dedupe store: `endpoint \0 dedupe value` → the first commit's answer. */
  readonly answered: Map<string, StoredAnswer>;
  /** The commit ledger: `effect \0 key` → how many times it committed. */
  readonly commits: Map<string, number>;
  /** Told of each commit, while the case waits for commits its labels still expect. */
  onCommit: (() => void) | undefined;
  readonly cassette: CassetteSession | undefined;
  /** Why the case must end in error (cassette misses), in the order they happened. */
  readonly problems: string[];
  /** Requests Baton refused (a host the suite does not allow), as said in their spans. */
  readonly refusals: string[];
  /** The faults Baton injected into this case's requests, as said to the user, in order. */
  readonly injected: string[];
  /** Passed-through requests waiting for their response, by msw request id. */
  readonly inFlight: Map<string, Span>;
  /** Aborted when the case ends: bounds a lost response that waits for the caller. */
  readonly ended: AbortController;
  /** The case's own abort signal (time-out), read only when a fault needs it. */
  readonly caseSignal: (() => AbortSignal) | undefined;
}

export interface CaseStateInit {
  readonly caseId: string | undefined;
  readonly repeat: number;
  readonly context: Context;
  readonly tracer: Tracer;
  readonly faults: readonly Fault[];
  readonly cassette: CassetteSession | undefined;
  readonly caseSignal?: () => AbortSignal;
}

export function newCaseState(init: CaseStateInit): CaseState {
  return {
    ...init,
    faults: new FaultCounters(init.faults),
    answered: new Map(),
    commits: new Map(),
    onCommit: undefined,
    problems: [],
    refusals: [],
    injected: [],
    inFlight: new Map(),
    ended: new AbortController(),
    caseSignal: init.caseSignal,
  };
}

/** Which case a request belongs to, and the context its spans go under. */
export interface Attribution {
  readonly state: CaseState;
  readonly parent: Context;
  /** The request carried no span context; it was given to the only running case. */
  readonly contextLost: boolean;
  /**
   * The agent acting when the request was made, as its framework tells (an agent resolver in the
   * context); undefined leaves it to the nearest agent span above the request's spans.
   */
  readonly agent?: string;
  /**
   * The model response (one that made several calls) whose call the request carries out, as its
   * framework tells (a response resolver in the context).
   */
  readonly response?: string;
}

/**
 * The running cases by trace id. A request belongs to the case whose trace was active when it
 * was made (msw runs handlers in the caller's async context). A request with no span context at
 * all goes to the only running case, if exactly one runs; otherwise (and for a trace id of no
 * running case: a case that already ended, a foreign trace) to the run-level `outside` state,
 * whose spans no case captures.
 */
export class CaseRegistry {
  private readonly byKey = new Map<string, CaseState>();

  constructor(readonly outside: CaseState) {}

  add(key: string, state: CaseState): void {
    this.byKey.set(key, state);
  }

  delete(key: string): void {
    this.byKey.delete(key);
  }

  attribute(active: Context): Attribution {
    const traceId = trace.getSpanContext(active)?.traceId;
    const owner = traceId === undefined ? undefined : this.byKey.get(traceId);
    if (owner) {
      const agent = resolveAgent(active);
      const response = resolveResponse(active);
      return {
        state: owner,
        parent: active,
        contextLost: false,
        ...(agent && { agent }),
        ...(response && { response }),
      };
    }
    if (traceId === undefined && this.byKey.size === 1) {
      const [only] = this.byKey.values();
      if (only) return { state: only, parent: only.context, contextLost: true };
    }
    return { state: this.outside, parent: active, contextLost: false };
  }

  get running(): readonly CaseState[] {
    return [...this.byKey.values()];
  }
}

/** The state for requests made outside any case (setup, teardown, a finished case's stragglers). */
export function outsideState(tracer: Tracer, cassette: CassetteSession | undefined): CaseState {
  return newCaseState({
    caseId: undefined,
    repeat: 0,
    context: ROOT_CONTEXT,
    tracer,
    faults: [],
    cassette,
  });
}
