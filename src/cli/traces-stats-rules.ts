import { dirname, relative, resolve } from 'node:path';
import { BatonError } from '../errors.ts';
import { loadSuiteFile } from '../load/load-suite.ts';
import { TRACE_STEP_RULES } from '../model/adapter-config.ts';
import type { ToolEffectRule } from '../model/effects-config.ts';
import { ShadowConfig, type ShadowLiveConfig } from '../model/shadow-config.ts';
import { expandTraceFiles } from '../traces/trace-file-globs.ts';
import type { CliIo } from './io.ts';
import { printProblems } from './print-problems.ts';

export interface StatsFlags {
  readonly suite?: string;
  readonly steps?: string;
  readonly persons?: readonly string[];
  readonly json?: string;
}

/** How `baton traces stats` reads: which files (absolute), by which rules, who is a person. */
export interface StatsRules {
  readonly files: readonly string[];
  readonly live: ShadowLiveConfig;
  readonly persons: readonly string[];
  readonly overrideDecisions?: readonly string[];
  /** The suite's `effects.tools` and `facts:`, read as `baton run` reads them. */
  readonly toolEffects?: readonly ToolEffectRule[];
  readonly facts?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The files and rules of a stats run. Files on the command line resolve against the working
 * folder; without any, a `--suite` with a traces adapter gives its `adapter.files`, resolved
 * against the suite file as every path written in a suite is.
 */
export async function statsRules(
  files: readonly string[],
  flags: StatsFlags,
  io: CliIo,
): Promise<{ ok: true; value: StatsRules } | { ok: false }> {
  if (flags.steps !== undefined && !(TRACE_STEP_RULES as readonly string[]).includes(flags.steps))
    throw new BatonError(
      'usage',
      `Failed to read --steps: "${flags.steps}" is not a step rule. Use one of ${TRACE_STEP_RULES.join(', ')}.`,
    );
  let shadow = ShadowConfig.parse({});
  let live = shadow.live;
  let paths = files.map((f) => resolve(io.cwd, f));
  let judged: Pick<StatsRules, 'toolEffects' | 'facts'> = {};
  if (flags.suite !== undefined) {
    const suiteFile = resolve(io.cwd, flags.suite);
    const loaded = await loadSuiteFile(suiteFile);
    if (!loaded.ok) {
      printProblems(
        io,
        loaded.problems.map((p) => ({ ...p, file: relative(io.cwd, resolve(io.cwd, p.file)) })),
      );
      return { ok: false };
    }
    const config = loaded.value.config;
    judged = {
      ...(config.effects?.tools && { toolEffects: config.effects.tools }),
      ...(config.facts && { facts: config.facts }),
    };
    shadow = config.shadow ?? shadow;
    const traces = config.adapter.type === 'traces' ? config.adapter : undefined;
    live =
      traces && !config.shadow
        ? { steps: traces.steps, recognize: traces.recognize, names: traces.names }
        : shadow.live;
    if (paths.length === 0 && traces)
      paths = (await expandTraceFiles(dirname(suiteFile), traces.files)).files;
  }
  if (paths.length === 0)
    throw new BatonError(
      'usage',
      `Failed to start baton traces stats: no trace files. Pass them (baton traces stats exports/*.jsonl), or --suite a suite whose traces adapter lists them${flags.suite ? ` (${flags.suite} has no traces adapter)` : ''}.`,
    );
  if (flags.steps !== undefined)
    live = { ...live, steps: flags.steps as ShadowLiveConfig['steps'] };
  return {
    ok: true,
    value: {
      files: paths,
      live,
      persons: [...shadow.persons, ...(flags.persons ?? [])],
      ...(shadow.override_decisions && { overrideDecisions: shadow.override_decisions }),
      ...judged,
    },
  };
}
