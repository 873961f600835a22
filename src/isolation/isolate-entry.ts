/**
 * The isolate's main module, by location rather than by import: the CLI never loads the isolate's
 * code itself, and in the built package it is an entry file of its own (dist/isolation/), which a
 * bundled chunk one folder deep reaches by the same relative path as a source file does.
 */
export const ISOLATE_MAIN_URL = new URL(
  `../isolation/isolate-main.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`,
  import.meta.url,
).href;
