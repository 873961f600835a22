/** The suites `baton run` looks for when given none: `baton init`'s, then the repository's own. */
export const DEFAULT_SUITES: readonly string[] = ['baton/suite.yaml', 'suites/example.yaml'];

/** How the help text names the default. */
export const DEFAULT_SUITE = DEFAULT_SUITES.join(' or ');
