// Plain numbers with no schema library behind them, so the CLI can check its flags without
// loading zod (`baton --help` stays fast).

/** Node.js turns a longer timer into a 1 ms one (with only a warning): the longest wait allowed. */
export const MAX_TIMER_MS = 2_147_483_647;

/** Runs per case; a typo such as `repeat: 1e9` would otherwise run for days. */
export const MAX_REPEAT = 1000;

/** Cases in flight at once. */
export const MAX_CONCURRENCY = 256;

/** Envelopes generated per property. */
export const MAX_NUM_RUNS = 100_000;
