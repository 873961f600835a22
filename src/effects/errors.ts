/** A case's requests to cassette hosts found no recorded answer: the case is `error`. */
export class CassetteMissError extends Error {
  override readonly name = 'CassetteMissError';
  readonly code = 'cassette.miss';

  constructor(
    readonly misses: readonly string[],
    options?: ErrorOptions,
  ) {
    const more = misses.length > 1 ? ` (and ${misses.length - 1} more cassette misses)` : '';
    super(`${misses[0] ?? 'a cassette miss'}${more}`, options);
  }
}

/** The suite's effects, faults or cassette cannot be used as written. */
export class EffectsConfigError extends Error {
  override readonly name = 'EffectsConfigError';
  readonly code = 'effects.config';
}
