import { context, type Tracer } from '@opentelemetry/api';
import type { CaseContext } from '../adapters/adapter.ts';
import type { CaptureScope } from '../capture/capture.ts';
import { withActiveSpan } from '../capture/linked-context.ts';
import { ATTR, EVENT } from '../conventions/attributes.ts';
import type { Case } from '../model/labelled-case.ts';
import type { Step } from '../model/step.ts';
import type { LazyAbort } from './with-timeout.ts';

/**
 * The context an adapter drives one case run with: `step()` wraps each step in Baton's step span,
 * so whatever the implementation emits while handling step _k_ belongs to step _k_. Shared by the
 * runner and by an isolate (worker or process) that runs the implementation away from Baton.
 */
export function caseContext(
  testCase: Case,
  tracer: Tracer,
  abort: LazyAbort,
  repeat: number,
  scope?: Pick<CaptureScope, 'startSpan'>,
): CaseContext {
  return new RunContext(tracer, testCase, abort, repeat, scope);
}

/** A class, not an object literal with getters (test/style/no-literal-accessors.test.ts). */
class RunContext implements CaseContext {
  readonly #testCase: Case;
  readonly #abort: LazyAbort;
  readonly #scope: Pick<CaptureScope, 'startSpan'> | undefined;

  constructor(
    readonly tracer: Tracer,
    testCase: Case,
    abort: LazyAbort,
    readonly repeat: number,
    scope: Pick<CaptureScope, 'startSpan'> | undefined,
  ) {
    this.#testCase = testCase;
    this.#abort = abort;
    this.#scope = scope;
  }

  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  get aborted(): boolean {
    return this.#abort.aborted;
  }

  /** A field, so that an adapter may take `step` off the context and call it alone. */
  readonly step = <T>(index: number, handle: (step: Step) => Promise<T> | T): Promise<T> => {
    const testCase = this.#testCase;
    const step = testCase.steps[index];
    if (!step) throw new RangeError(`step ${index} does not exist in case ${testCase.id}`);
    const name = `baton.step ${index}`;
    const attributes: Record<string, string | number> = {
      [ATTR.event]: EVENT.step,
      [ATTR.stepIndex]: index,
      [ATTR.stepKind]: step.kind,
    };
    // Who decides what: a check tells a person's decision from news about one.
    if (step.kind === 'person') {
      attributes[ATTR.person] = step.who;
      attributes[ATTR.decision] = step.decision;
    }
    const active = context.active();
    const span = this.#scope
      ? this.#scope.startSpan(name, attributes, active)
      : this.tracer.startSpan(name, { attributes }, active);
    return context.with(withActiveSpan(active, span), () => handled(handle, step, span));
  };
}

/**
 * `handle(step)` as a promise, `span` ended once it settles; a handler that throws gives a
 * rejection. No async function: a handler that returns at once costs one promise, not three.
 */
function handled<T>(
  handle: (step: Step) => Promise<T> | T,
  step: Step,
  span: { end(): void },
): Promise<T> {
  let out: Promise<T> | T;
  try {
    out = handle(step);
  } catch (error) {
    span.end();
    return Promise.reject(error);
  }
  if (!isThenable(out)) {
    span.end();
    return Promise.resolve(out);
  }
  return Promise.resolve(out).then(
    (value) => {
      span.end();
      return value;
    },
    (error: unknown) => {
      span.end();
      throw error;
    },
  );
}

function isThenable<T>(value: Promise<T> | T): value is Promise<T> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
