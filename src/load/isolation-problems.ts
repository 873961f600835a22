import type { FileProblem } from '../errors.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { type Draft, place } from './draft.ts';
import type { YamlSource } from './yaml-document.ts';

/** Adapters that run the user's code inside Baton's process, and so can run it isolated. */
const IN_PROCESS_ADAPTERS = new Set(['module', 'langgraph', 'openai-agents']);

/**
 * What `isolation` needs beyond its shape: an adapter that runs code in Baton's process (an HTTP
 * service already runs in its own process, a recorded trace runs nothing), and a cassette that
 * replays (each isolate would record its own share of the file).
 */
export function isolationProblems(config: ParsedSuite, source: YamlSource): FileProblem[] {
  if (config.isolation === 'none') return [];
  const drafts: Draft[] = [];
  if (!IN_PROCESS_ADAPTERS.has(config.adapter.type))
    drafts.push({
      path: ['isolation'],
      at: 'value',
      message: `expected an adapter that runs your code in Baton's process (module, langgraph, openai-agents), received isolation: ${config.isolation} with adapter type ${config.adapter.type}, which runs nothing here`,
      fix: 'remove `isolation` (an http service already runs in its own process; a traces suite runs nothing)',
    });
  if (config.cassette?.mode === 'record')
    drafts.push({
      path: ['cassette', 'mode'],
      at: 'value',
      message: `expected a cassette in replay mode with isolation: ${config.isolation}, received mode: record (each isolate would write its own share of the file)`,
      fix: 'record once with `isolation: none` (or without `isolation`), then replay it isolated',
    });
  return drafts.map((d) => place(d, source));
}
