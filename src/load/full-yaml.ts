import { createRequire } from 'node:module';

type YamlModule = typeof import('yaml');

let loaded: YamlModule | undefined;

/**
 * The full YAML parser (the `yaml` package), loaded on first use: most runs read every file on
 * the fast path (yaml-fast.ts), and loading the full parser is a sizeable part of a short run.
 */
export function fullYaml(): YamlModule {
  loaded ??= createRequire(import.meta.url)('yaml') as YamlModule;
  return loaded;
}
