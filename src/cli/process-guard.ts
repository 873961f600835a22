import { unlinkSync } from 'node:fs';
import { StopControl } from '../run/stop-control.ts';
import { StrayErrors } from '../run/stray-errors.ts';
import { removePendingTemps } from './atomic-write.ts';
import { type CliIo, EXIT } from './io.ts';

/** Thrown from `process.exit` while cases run: an implementation may not end Baton's process. */
export class ImplementationExit extends Error {
  override readonly name = 'ImplementationExit';
  constructor(readonly code: unknown) {
    super(`process.exit(${String(code)}) was called by the implementation; Baton does not exit`);
  }
}

/** What a guarded run hands the runner, and how to take the guard down again. */
export interface ProcessGuard {
  readonly stop: StopControl;
  readonly strays: StrayErrors;
  dispose(): void;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Guards the process while suites run in it: SIGINT/SIGTERM stop new cases (in-flight ones
 * finish or time out, then a partial report is written) and a second signal ends at once;
 * unhandled rejections and uncaught exceptions are collected instead of killing the run; and
 * `process.exit` called by an implementation throws instead of ending Baton with its own code.
 */
export function guardProcess(io: CliIo): ProcessGuard {
  const stop = new StopControl();
  const strays = new StrayErrors();
  const exit = process.exit;
  const onSignal = (signal: NodeJS.Signals) => {
    if (!stop.stopped) {
      stop.stop(signal);
      io.stderr(
        `baton: ${signal}: starting no new cases; the cases in flight finish or time out, then a partial report is written. Send ${signal} again to stop at once.\n`,
      );
      return;
    }
    io.stderr(`baton: ${signal} again: stopping at once, without a report.\n`);
    removePendingTemps(unlinkSync);
    exit.call(process, EXIT.noVerdict);
  };
  const onRejection = (reason: unknown) => strays.record('unhandled_rejection', reason);
  const onException = (error: unknown) => strays.record('uncaught_exception', error);
  for (const signal of SIGNALS) process.on(signal, onSignal);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  process.exit = ((code?: number | string | null) => {
    strays.record('exit', code ?? 0);
    throw new ImplementationExit(code ?? 0);
  }) as typeof process.exit;
  return {
    stop,
    strays,
    dispose() {
      for (const signal of SIGNALS) process.off(signal, onSignal);
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
      process.exit = exit;
    },
  };
}
