import type { FileProblem } from '../errors.ts';
import type { AdapterConfig } from '../model/adapter-config.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { variantNames } from '../model/variants.ts';
import { type Draft, place } from './draft.ts';
import type { DataPath } from './load-result.ts';
import type { YamlSource } from './yaml-document.ts';

/** Adapters that run the user's code inside Baton's process, and so can run it isolated. */
const IN_PROCESS_ADAPTERS = new Set(['module', 'langgraph', 'openai-agents']);

/**
 * What `isolation` needs beyond its shape: adapters — the suite's and each variant's — that run
 * code in Baton's process (an HTTP service already runs in its own process, a recorded trace runs
 * nothing), and a cassette that replays (each isolate would record its own share of the file).
 */
export function isolationProblems(config: ParsedSuite, source: YamlSource): FileProblem[] {
  if (config.isolation === 'none') return [];
  const drafts: Draft[] = [];
  const suiteRunsHere = IN_PROCESS_ADAPTERS.has(config.adapter.type);
  if (!suiteRunsHere) drafts.push(outOfProcess(config, config.adapter, ['isolation']));
  for (const name of variantNames(config)) {
    const adapter = config.variants?.[name]?.adapter;
    // A variant that keeps the suite's adapter is already reported at `isolation`.
    if (adapter && !IN_PROCESS_ADAPTERS.has(adapter.type))
      drafts.push(outOfProcess(config, adapter, ['variants', name, 'adapter', 'type']));
  }
  if (config.cassette?.mode === 'record')
    drafts.push({
      path: ['cassette', 'mode'],
      at: 'value',
      message: `expected a cassette in replay mode with isolation: ${config.isolation}, received mode: record (each isolate would write its own share of the file)`,
      fix: 'record once with `isolation: none` (or without `isolation`), then replay it isolated',
    });
  return drafts.map((d) => place(d, source));
}

function outOfProcess(config: ParsedSuite, adapter: AdapterConfig, path: DataPath): Draft {
  const variant = path[0] === 'variants' ? ` (variant ${String(path[1])})` : '';
  return {
    path,
    at: 'value',
    message: `expected an adapter that runs your code in Baton's process (module, langgraph, openai-agents), received isolation: ${config.isolation} with adapter type ${adapter.type}${variant}, which runs nothing here`,
    fix:
      path[0] === 'variants'
        ? `give this variant a module, langgraph or openai-agents adapter, or remove \`isolation\` from the suite (an http service already runs in its own process; a traces suite runs nothing)`
        : 'remove `isolation` (an http service already runs in its own process; a traces suite runs nothing)',
  };
}
