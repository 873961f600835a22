import { writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { BatonError } from '../errors.ts';
import { loadSuiteFile } from '../load/load-suite.ts';
import { TRACE_STEP_RULES } from '../model/adapter-config.ts';
import { ShadowConfig, type ShadowLiveConfig } from '../model/shadow-config.ts';
import { traceStats } from '../shadow/io/trace-stats.ts';
import { renderStats } from '../shadow/render-stats.ts';
import { type CliIo, EXIT } from './io.ts';
import { leanHeap } from './lean-heap.ts';
import { printProblems } from './print-problems.ts';

export interface StatsFlags {
  readonly suite?: string;
  readonly steps?: string;
  readonly persons?: readonly string[];
  readonly json?: string;
}

/** Bump when a field of the stats JSON changes meaning or disappears. */
export const STATS_SCHEMA_VERSION = 1;

/** `baton traces stats <files...>`: the production metrics of trace files, no labels needed. */
export async function statsCommand(
  files: readonly string[],
  flags: StatsFlags,
  io: CliIo,
): Promise<number> {
  const rules = await rulesOf(flags, io);
  if (!rules.ok) return EXIT.usage;
  leanHeap();
  const paths = files.map((f) => resolve(io.cwd, f));
  const stats = await traceStats(paths, rules.value);
  const shown = paths.map((p) => relative(io.cwd, p) || p);
  for (const p of stats.problems.slice(0, 20))
    io.stderr(
      `baton: ${relative(io.cwd, p.file) || p.file}${p.line === undefined ? '' : `:${p.line}`}: ${p.message}\n`,
    );
  const json = `${JSON.stringify({ schemaVersion: STATS_SCHEMA_VERSION, kind: 'baton.traces.stats', files: shown, cut: stats.cut, problems: stats.problems.length, metrics: stats.metrics }, null, 2)}\n`;
  if (flags.json === '-') io.stdout(json);
  else {
    io.stdout(renderStats(stats.metrics, shown, stats.cut));
    if (flags.json !== undefined) {
      const target = resolve(io.cwd, flags.json);
      await writeFile(target, json).catch((error: Error) => {
        throw new BatonError(
          'usage',
          `Failed to write ${flags.json}: ${error.message}. Pass --json a path Baton may write.`,
        );
      });
      io.stdout(`Metrics: ${relative(io.cwd, target)}\n`);
    }
  }
  if (stats.metrics.conversations === 0) {
    io.stderr(
      'baton: no span in these files could be read: check they are OTLP/JSON (a Collector file exporter writes it).\n',
    );
    return EXIT.usage;
  }
  return EXIT.ok;
}

type Rules = {
  live: ShadowLiveConfig;
  persons: readonly string[];
  overrideDecisions?: readonly string[];
};

async function rulesOf(
  flags: StatsFlags,
  io: CliIo,
): Promise<{ ok: true; value: Rules } | { ok: false }> {
  if (flags.steps !== undefined && !(TRACE_STEP_RULES as readonly string[]).includes(flags.steps))
    throw new BatonError(
      'usage',
      `Failed to read --steps: "${flags.steps}" is not a step rule. Use one of ${TRACE_STEP_RULES.join(', ')}.`,
    );
  let shadow = ShadowConfig.parse({});
  let live = shadow.live;
  if (flags.suite !== undefined) {
    const loaded = await loadSuiteFile(resolve(io.cwd, flags.suite));
    if (!loaded.ok) {
      printProblems(io, loaded.problems);
      return { ok: false };
    }
    const config = loaded.value.config;
    shadow = config.shadow ?? shadow;
    live =
      config.adapter.type === 'traces' && !config.shadow
        ? {
            steps: config.adapter.steps,
            recognize: config.adapter.recognize,
            names: config.adapter.names,
          }
        : shadow.live;
  }
  if (flags.steps !== undefined)
    live = { ...live, steps: flags.steps as ShadowLiveConfig['steps'] };
  return {
    ok: true,
    value: {
      live,
      persons: [...shadow.persons, ...(flags.persons ?? [])],
      ...(shadow.override_decisions && { overrideDecisions: shadow.override_decisions }),
    },
  };
}
