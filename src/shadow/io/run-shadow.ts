import { mkdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { BatonError, type FileProblem } from '../../errors.ts';
import { writeFileAtomic } from '../../io/atomic-write.ts';
import { reportFolder } from '../../io/report-folder.ts';
import { loadSuiteFile } from '../../load/load-suite.ts';
import { ShadowConfig } from '../../model/shadow-config.ts';
import type { Suite } from '../../model/suite.ts';
import { shownPath } from '../../traces/trace-file.ts';
import { liveReader } from '../live-trace.ts';
import { renderShadowMarkdown } from '../render-shadow.ts';
import { ShadowEngine } from '../shadow-engine.ts';
import type { ShadowReport } from '../shadow-report.ts';
import { startCandidate } from './candidate.ts';
import { checkFileSource, type SourceSpec, startSource } from './live-source.ts';
import { draftWriter } from './write-drafts.ts';

export interface ShadowRequest {
  readonly suitePath: string;
  readonly cwd: string;
  readonly source: SourceSpec;
  /** The report folder, relative to `cwd` (default: see `shadowReportFolder`). */
  readonly out?: string;
  readonly concurrency?: number;
  /** Read the file to its end, take every conversation as finished, report and stop. */
  readonly once?: boolean;
  /** Stop once this many conversations have finished. */
  readonly maxConversations?: number;
  /** Aborted on the first SIGINT/SIGTERM: stop taking traffic, finish what is open, report. */
  readonly stop: AbortSignal;
  /** Aborted on the second: stop waiting for the candidate and report at once. */
  readonly hurry: AbortSignal;
  readonly tickMs?: number;
  readonly onStarted?: (source: string, dir: string) => void;
  readonly onStatus?: (report: ShadowReport) => void;
  readonly onProblem?: (message: string) => void;
}

export type ShadowOutcome =
  | { readonly ok: true; readonly report: ShadowReport; readonly dir: string }
  | { readonly ok: false; readonly problems: readonly FileProblem[] };

/**
 * `baton shadow`: the candidate (the suite's adapter) beside live traffic until stopped. Spans
 * arrive from the source, the engine compares finished conversations, and the report is rewritten
 * every `refresh_ms` and once more at the end (atomically: a reader never sees half a file).
 */
export async function runShadow(r: ShadowRequest): Promise<ShadowOutcome> {
  const loaded = await loadSuiteFile(resolve(r.cwd, r.suitePath));
  if (!loaded.ok) {
    // Named as typed, as baton run names them.
    const asTyped = (file: string) => relative(r.cwd, resolve(r.cwd, file)) || file;
    return { ok: false, problems: loaded.problems.map((p) => ({ ...p, file: asTyped(p.file) })) };
  }
  const suite = loaded.value;
  if (r.source.kind === 'file') {
    const checked = await checkFileSource(r.source.path, r.cwd, r.once ?? false);
    if (checked.note) r.onProblem?.(checked.note);
  }
  const config = suite.config.shadow ?? ShadowConfig.parse({});
  const dir = shadowReportFolder(suite, r.cwd, r.out);
  await mkdir(dir, { recursive: true }).catch((error: Error) => {
    throw new BatonError(
      'usage',
      `Failed to create the shadow report folder ${dir}: ${error.message}. Pass --out a folder Baton may write.`,
    );
  });
  const started = await startCandidate(suite);
  const date = () => new Date();
  let describe = describeSpec(r.source, r.cwd);
  const judged = suite.config;
  const engine = new ShadowEngine({
    config,
    reader: liveReader(config.live),
    ...(judged.effects?.tools && { toolEffects: judged.effects.tools }),
    ...(judged.facts && { facts: judged.facts }),
    candidate: started.candidate,
    concurrency: r.concurrency ?? suite.config.concurrency,
    now: () => performance.now(),
    date,
    writeDraft: draftWriter({
      dir,
      suite,
      candidateName: started.candidate.name,
      live: config.live,
      date,
    }),
    suite: {
      name: suite.config.name,
      file: relative(r.cwd, suite.file),
      candidate: started.candidate.name,
    },
    source: () => describe,
  });
  const source = await startSource(
    r.once ? { ...r.source, ...(r.source.kind === 'file' && { fromStart: true }) } : r.source,
    (spans) => engine.receive(spans),
    (p) =>
      r.onProblem?.(
        `${shownPath(p.file, r.cwd)}:${p.line}: ${p.message}.${p.fix ? ` Fix: ${p.fix}` : ''}`,
      ),
    r.cwd,
  ).catch(async (error) => {
    await started.stop();
    throw error;
  });
  describe = source.describe;
  r.onStarted?.(source.describe, dir);
  let writing = Promise.resolve();
  const write = (final: boolean) => {
    writing = writing.then(() => writeReport(dir, engine.report(final)));
    return writing;
  };
  if (!r.once)
    await follow(
      r,
      engine,
      source.poll,
      () => write(false).then(() => r.onStatus?.(engine.report(false))),
      config.refresh_ms,
    );
  await source.stop();
  engine.drain();
  await Promise.race([engine.idle(), aborted(r.hurry)]);
  await started.stop();
  await write(true);
  return { ok: true, report: engine.report(true), dir };
}

/** Ticks the engine (and polls a file) until told to stop or enough conversations finished. */
async function follow(
  r: ShadowRequest,
  engine: ShadowEngine,
  poll: () => Promise<void>,
  refresh: () => Promise<void>,
  refreshMs: number,
): Promise<void> {
  const done = new AbortController();
  const stop = () => done.abort();
  r.stop.addEventListener('abort', stop, { once: true });
  if (r.stop.aborted) stop();
  let busy = false;
  const tick = setInterval(() => {
    if (busy) return;
    busy = true;
    void poll()
      .then(() => engine.tick())
      .finally(() => {
        busy = false;
        if (r.maxConversations !== undefined && engine.finished >= r.maxConversations) stop();
      });
  }, r.tickMs ?? 200);
  const refresher = setInterval(() => void refresh(), refreshMs);
  await aborted(done.signal);
  clearInterval(tick);
  clearInterval(refresher);
  r.stop.removeEventListener('abort', stop);
  await poll();
}

function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) =>
    signal.addEventListener('abort', () => resolve(), { once: true }),
  );
}

async function writeReport(dir: string, report: ShadowReport): Promise<void> {
  await writeFileAtomic(join(dir, 'shadow.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFileAtomic(join(dir, 'shadow.md'), renderShadowMarkdown(report));
}

/**
 * Where a shadow run writes: `--out` (against the working folder), else `shadow/` inside the
 * folder `baton run` writes the same suite's reports to (`reports.dir` against the suite file,
 * or `reports/<name>` in the working folder).
 */
export function shadowReportFolder(suite: Suite, cwd: string, out?: string): string {
  if (out !== undefined) return resolve(cwd, out);
  const folder = reportFolder({
    dir: suite.config.reports.dir,
    suiteFile: suite.file,
    suiteName: suite.config.name,
    cwd,
  });
  return join(folder, 'shadow');
}

function describeSpec(spec: SourceSpec, cwd: string): string {
  return spec.kind === 'otlp'
    ? `OTLP/HTTP on ${spec.host}:${spec.port}`
    : `file ${relative(cwd, spec.path) || spec.path}`;
}
