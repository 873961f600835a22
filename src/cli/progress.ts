import { createRequire } from 'node:module';
import type CliProgress from 'cli-progress';

/** Told as cases start and finish; the CLI prints a live line from it on a terminal. */
export interface Progress {
  start(total: number): void;
  caseDone(status: 'pass' | 'fail' | 'error'): void;
  stop(): void;
}

const SILENT: Progress = { start() {}, caseDone() {}, stop() {} };

/** Where a progress line may go: a terminal, and not under CI. */
export interface ProgressTarget {
  readonly stream: (NodeJS.WritableStream & { readonly isTTY?: boolean }) | undefined;
  readonly ci: boolean;
}

/**
 * A live line on a terminal (`[████░░] 12/38 cases · 2 failed · ETA 4s`), cleared when the run
 * ends so the report prints below a clean screen. Nothing at all when the stream is not a
 * terminal or CI is set: logs stay the report alone.
 */
export function createProgress(target: ProgressTarget): Progress {
  if (!target.stream?.isTTY || target.ci) return SILENT;
  // Loaded only for a terminal: logs and CI runs never pay for it.
  const cliProgress = createRequire(import.meta.url)('cli-progress') as typeof CliProgress;
  const bar = new cliProgress.SingleBar(
    {
      stream: target.stream,
      format: '{bar} {value}/{total} cases · {failures} failed · ETA {eta_formatted}',
      barCompleteChar: '█',
      barIncompleteChar: '░',
      barsize: 24,
      clearOnComplete: true,
      hideCursor: true,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  let failures = 0;
  let running = false;
  return {
    start(total) {
      if (total === 0) return;
      running = true;
      bar.start(total, 0, { failures });
    },
    caseDone(status) {
      if (!running) return;
      if (status !== 'pass') failures += 1;
      bar.increment(1, { failures });
    },
    stop() {
      if (running) bar.stop();
      running = false;
    },
  };
}
