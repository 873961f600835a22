/**
 * What `validateFiles` checks when given no paths (the folders of them that exist); `baton
 * validate` checks them beside the suite `baton run` runs by default.
 */
export const DEFAULT_VALIDATE_PATHS: readonly string[] = ['cases', 'suites'];
