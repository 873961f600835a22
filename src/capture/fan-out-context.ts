import { context, createContextKey } from '@opentelemetry/api';

// `createContextKey` is `Symbol.for(description)`: every copy of Baton shares the key.
const FAN_OUT = createContextKey('baton.handoff.fan_out');
let made = 0;

/** A fan-out id not given before in this process. */
export function newFanOut(): string {
  made += 1;
  return `fan-out-${made}`;
}

/**
 * Runs `fn` as one branch of fan-out `id`: every handoff emitted inside it (and in what it
 * awaits) is marked as made side by side with the other branches' (`baton.handoff.fan_out`).
 */
export function inFanOut<T>(id: string, fn: () => T): T {
  return context.with(context.active().setValue(FAN_OUT, id), fn);
}

/** The fan-out the active context runs in, if any. */
export function activeFanOut(): string | undefined {
  const id = context.active().getValue(FAN_OUT);
  return typeof id === 'string' ? id : undefined;
}
