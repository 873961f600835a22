import type { Context, Span } from '@opentelemetry/api';

// Past this many links a lookup would walk far: the chain is copied into one map instead.
const MAX_DEPTH = 32;

/**
 * An OpenTelemetry context that adds one value to its parent without copying it. The API's own
 * context copies its whole map (and makes three closures) on every `setValue`; Baton sets the
 * active span for every case and every step, so it links instead. Behaves as any context.
 */
export class LinkedContext implements Context {
  readonly #parent: Context;
  readonly #key: symbol;
  readonly #value: unknown;
  readonly #depth: number;

  constructor(parent: Context, key: symbol, value: unknown) {
    this.#parent = parent;
    this.#key = key;
    this.#value = value;
    this.#depth = parent instanceof LinkedContext ? parent.#depth + 1 : 1;
  }

  getValue(key: symbol): unknown {
    let c: Context = this;
    while (c instanceof LinkedContext) {
      if (c.#key === key) return c.#value;
      c = c.#parent;
    }
    return c.getValue(key);
  }

  setValue(key: symbol, value: unknown): Context {
    return this.#depth < MAX_DEPTH
      ? new LinkedContext(this, key, value)
      : new LinkedContext(this.#flat(), key, value);
  }

  deleteValue(key: symbol): Context {
    return this.setValue(key, undefined);
  }

  /** The same values in one map over the first context that is not a link. */
  #flat(): Context {
    const values = new Map<symbol, unknown>();
    let c: Context = this;
    while (c instanceof LinkedContext) {
      if (!values.has(c.#key)) values.set(c.#key, c.#value);
      c = c.#parent;
    }
    return new FlatContext(values, c);
  }
}

class FlatContext implements Context {
  constructor(
    private readonly values: ReadonlyMap<symbol, unknown>,
    private readonly base: Context,
  ) {}

  getValue(key: symbol): unknown {
    return this.values.has(key) ? this.values.get(key) : this.base.getValue(key);
  }

  setValue(key: symbol, value: unknown): Context {
    return new LinkedContext(this, key, value);
  }

  deleteValue(key: symbol): Context {
    return new LinkedContext(this, key, undefined);
  }
}

// The API's key of the active span (`createContextKey` is `Symbol.for`).
const SPAN_KEY = Symbol.for('OpenTelemetry Context Key SPAN');

/** `trace.setSpan(parent, span)` without copying `parent`. */
export function withActiveSpan(parent: Context, span: Span): Context {
  return new LinkedContext(parent, SPAN_KEY, span);
}
