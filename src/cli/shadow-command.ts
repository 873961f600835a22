import { join, relative, resolve } from 'node:path';
import { BatonError } from '../errors.ts';
import { percent } from '../report/format.ts';
import { runShadow } from '../shadow/io/run-shadow.ts';
import { renderShadowConsole } from '../shadow/render-shadow.ts';
import type { ShadowReport } from '../shadow/shadow-report.ts';
import { type CliIo, EXIT } from './io.ts';
import { leanHeap } from './lean-heap.ts';
import { printProblems } from './print-problems.ts';

export interface ShadowFlags {
  readonly port?: number;
  readonly host?: string;
  readonly file?: string;
  readonly fromStart?: boolean;
  readonly once?: boolean;
  readonly maxConversations?: number;
  readonly out?: string;
  readonly concurrency?: number;
  readonly color?: boolean;
}

/** The OTLP/HTTP port Baton listens on: beside a Collector's own 4318 on the same host. */
export const DEFAULT_SHADOW_PORT = 4319;
const MAX_PRINTED_PROBLEMS = 20;

/**
 * `baton shadow <suite>`: runs until SIGINT/SIGTERM (or `--once`, `--max-conversations`), then
 * prints the report; exits 0 when the candidate is ready for a canary, 1 when not, 2 on bad
 * input. A second signal stops waiting for the candidate and reports what is in.
 */
export async function shadowCommand(suite: string, flags: ShadowFlags, io: CliIo): Promise<number> {
  checkFlags(flags);
  leanHeap();
  const stop = new AbortController();
  const hurry = new AbortController();
  const onSignal = () => {
    if (stop.signal.aborted) return hurry.abort();
    io.stderr(
      'baton shadow: stopping — finishing the open conversations (signal again to stop at once)\n',
    );
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let printed = 0;
  let lastFinished = -1;
  try {
    const outcome = await runShadow({
      suitePath: suite,
      cwd: io.cwd,
      source: flags.file
        ? { kind: 'file', path: resolve(io.cwd, flags.file), fromStart: flags.fromStart ?? false }
        : {
            kind: 'otlp',
            port: flags.port ?? DEFAULT_SHADOW_PORT,
            host: flags.host ?? '127.0.0.1',
          },
      ...(flags.out !== undefined && { out: flags.out }),
      ...(flags.concurrency !== undefined && { concurrency: flags.concurrency }),
      ...(flags.once && { once: true }),
      ...(flags.maxConversations !== undefined && { maxConversations: flags.maxConversations }),
      stop: stop.signal,
      hurry: hurry.signal,
      onStarted: (source, dir) =>
        io.stdout(
          `baton shadow: receiving ${source}; reports in ${relative(io.cwd, dir) || '.'}\n`,
        ),
      onStatus: (r) => {
        if (r.traffic.finished === lastFinished) return;
        lastFinished = r.traffic.finished;
        io.stderr(`baton shadow: ${statusLine(r)}\n`);
      },
      onProblem: (message) => {
        if (printed++ < MAX_PRINTED_PROBLEMS) io.stderr(`baton shadow: ${message}\n`);
        else if (printed === MAX_PRINTED_PROBLEMS + 1)
          io.stderr('baton shadow: further problems are not printed\n');
      },
    });
    if (!outcome.ok) {
      printProblems(io, outcome.problems);
      return EXIT.usage;
    }
    io.stdout(renderShadowConsole(outcome.report));
    const dir = relative(io.cwd, outcome.dir) || '.';
    const drafts = outcome.report.disagreements.listed.filter((d) => d.draft).length;
    io.stdout(
      `Reports: ${join(dir, 'shadow.json')}, ${join(dir, 'shadow.md')}${drafts > 0 ? `; ${drafts} draft case(s) in ${join(dir, 'drafts')}, label one, move it to ${join(dir, 'labelled')} and run ${join(dir, 'drafts.suite.yaml')}` : ''}\n`,
    );
    return outcome.report.readiness.ready ? EXIT.ok : EXIT.gateFailed;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

function statusLine(r: ShadowReport): string {
  const t = r.traffic;
  return `${t.finished} finished · ${t.compared} compared · agreement ${percent(r.agreement.rate)} · ${t.dropped} dropped · ${r.readiness.verdict}`;
}

function checkFlags(flags: ShadowFlags): void {
  const usage = (why: string) => {
    throw new BatonError('usage', `Failed to start baton shadow: ${why}.`);
  };
  if (!flags.file && (flags.once || flags.fromStart))
    usage(`--${flags.once ? 'once' : 'from-start'} reads a file: give it with --file <path>`);
  if (flags.file && (flags.port !== undefined || flags.host !== undefined))
    usage('--file follows a file instead of listening: leave out --port and --host');
}
