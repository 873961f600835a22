/** The suite `baton run` runs when given none. */
export const DEFAULT_SUITE = 'suites/example.yaml';
