import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PackedPart } from './span-pack.ts';
import type { FromReader, ToReader } from './threaded-protocol.ts';
import { TraceFileError } from './trace-file.ts';

/**
 * The worker's module, by location: in the built package an entry file of its own
 * (dist/traces/), which a bundled chunk one folder deep reaches by the same relative path as a
 * source file does.
 */
const WORKER_URL = new URL(
  `../traces/read-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`,
  import.meta.url,
);

const YOUNG_MB = 8;

/** Whether the worker's module is there to start (a bundler may have left it behind). */
export function canThread(): boolean {
  return WORKER_URL.protocol === 'file:' && existsSync(fileURLToPath(WORKER_URL));
}

/** The worker's first module: TypeScript loading when Baton runs from its sources. */
async function bootstrap(): Promise<URL> {
  if (!WORKER_URL.pathname.endsWith('.ts')) return WORKER_URL;
  const { resolve } = await import('import-meta-resolve');
  const code = `const { register } = await import(${JSON.stringify(resolve('tsx/esm/api', import.meta.url))}); register();\nawait import(${JSON.stringify(WORKER_URL.href)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/**
 * The parts of `packedParts(file)`, read, parsed and packed by a worker thread while this one
 * holds the traces: on a machine of two cores or more, parsing (most of reading) no longer
 * waits for the rest. The worker keeps the process alive only while this side waits for it, so
 * a reader that stops reading without finishing never keeps the process from exiting.
 */
export async function* threadedParts(file: string): AsyncGenerator<PackedPart> {
  const worker = new Worker(await bootstrap(), {
    workerData: { file },
    // Its garbage is parsed requests, dead once packed: a small young generation keeps about
    // 25 MB less resident than the default for the same speed (1,000,000 spans: 137 MB peak).
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB },
  });
  const queue: (FromReader | { kind: 'exit'; code: number })[] = [];
  let wake: (() => void) | undefined;
  const arrive = (m: (typeof queue)[number]) => {
    queue.push(m);
    wake?.();
  };
  worker.on('message', arrive);
  worker.on('error', (e: Error) => arrive({ kind: 'error', message: e.message, stack: e.stack }));
  worker.on('exit', (code) => arrive({ kind: 'exit', code }));
  try {
    for (;;) {
      worker.ref();
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      worker.unref();
      const m = queue.shift() as (typeof queue)[number];
      if (m.kind === 'part') {
        worker.postMessage({ kind: 'more' } satisfies ToReader);
        yield m.part;
      } else if (m.kind === 'end') return;
      else if (m.kind === 'trace-file-error') throw new TraceFileError(m.file, m.defect);
      else if (m.kind === 'error') {
        const error = new Error(m.message);
        if (m.stack !== undefined) error.stack = m.stack;
        throw error;
      } else
        throw new Error(
          `Baton's trace reading thread stopped (exit code ${m.code}) before the end of ${file}`,
        );
    }
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
  }
}
