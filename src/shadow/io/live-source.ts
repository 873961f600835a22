import { open, stat } from 'node:fs/promises';
import { relative } from 'node:path';
import { BatonError } from '../../errors.ts';
import type { SpanRecord } from '../../normalize/span-record.ts';
import { startOtlpReceiver } from '../../otlp/receiver.ts';
import {
  encodingDefect,
  shownPath,
  TraceFileError,
  traceFileDefect,
} from '../../traces/trace-file.ts';
import { FileFollower, type FollowProblem } from './follow-file.ts';

/** Where live traffic comes from. */
export type SourceSpec =
  | { readonly kind: 'otlp'; readonly port: number; readonly host: string }
  | { readonly kind: 'file'; readonly path: string; readonly fromStart: boolean };

/** A started source of live spans. */
export interface LiveSource {
  /** For the report and the console: where the traffic comes from. */
  readonly describe: string;
  /** Reads what arrived since the last call (a followed file); a no-op for pushed traffic. */
  poll(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the source: an OTLP/HTTP receiver that answers each export at once after filing its
 * spans (`onSpans` must not wait on anything), or a followed JSON-lines file.
 */
export async function startSource(
  spec: SourceSpec,
  onSpans: (spans: readonly SpanRecord[]) => void,
  onProblem: (p: FollowProblem) => void,
  cwd: string,
): Promise<LiveSource> {
  if (spec.kind === 'otlp') {
    const receiver = await startOtlpReceiver(
      spec.port,
      {
        add: (spans) => {
          onSpans(spans);
          return 0;
        },
      },
      spec.host,
    ).catch((error: unknown) => {
      throw listenError(error, spec);
    });
    return {
      describe: `OTLP/HTTP at ${receiver.tracesEndpoint}`,
      poll: async () => {},
      stop: () => receiver.stop(),
    };
  }
  const follower = new FileFollower(spec.path, {
    fromStart: spec.fromStart,
    onSpans: (spans) => onSpans(spans),
    onProblem,
  });
  await follower.poll();
  return {
    describe: `file ${relative(cwd, spec.path) || spec.path}${spec.fromStart ? '' : ' (from its end)'}`,
    poll: () => follower.poll(),
    stop: () => follower.close(),
  };
}

/**
 * A followed file Baton could never read (a folder, compressed, UTF-16) is refused before the
 * candidate starts; so is a missing one with `--once`, which has nothing to wait for. Following
 * a file that does not exist yet is fine (the Collector creates it): the note says so.
 */
export async function checkFileSource(
  path: string,
  cwd: string,
  once: boolean,
): Promise<{ readonly note?: string }> {
  const shown = shownPath(path, cwd);
  const defect = await traceFileDefect(path, shown);
  if (defect?.code === 'file.not_found' && !once)
    return { note: `${shown} does not exist yet: waiting for it to appear` };
  if (defect) throw new TraceFileError(path, defect, shown);
  if (!(await stat(path)).isFile()) throw new TraceFileError(path, NOT_A_FILE, shown);
  const head = Buffer.alloc(4);
  const handle = await open(path, 'r');
  try {
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const encoding = encodingDefect(head.subarray(0, bytesRead), shown);
    if (encoding) throw new TraceFileError(path, encoding, shown);
  } finally {
    await handle.close();
  }
  return {};
}

const NOT_A_FILE = {
  code: 'file.unreadable',
  why: 'not a regular file (a pipe or a device), which baton shadow cannot follow',
  fix: 'point --file at the file the Collector’s file exporter writes',
} as const;

/** A port in use or an address Baton may not bind: a usage error with the fix, not a crash. */
function listenError(error: unknown, spec: { port: number; host: string }): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `${spec.host}:${spec.port}`;
  if (code === 'EADDRINUSE')
    return new BatonError(
      'usage',
      `Failed to listen on ${where}: the port is in use (another baton shadow, or a Collector). Pick another with --port <n>, or --port 0 for a free one.`,
    );
  if (code === 'EADDRNOTAVAIL' || code === 'EACCES' || code === 'ENOTFOUND')
    return new BatonError(
      'usage',
      `Failed to listen on ${where}: ${code === 'EACCES' ? 'not allowed to bind it' : 'no such address on this machine'}. Give --host an address of this machine (127.0.0.1, 0.0.0.0) and --port 1024 or above.`,
    );
  return error;
}
