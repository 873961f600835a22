/**
 * The worker thread of a threaded `readTraces` (see threaded-parts.ts): reads and parses the file
 * and packs its spans (`packedParts`), posting each part to the thread that holds the traces, at
 * most a few parts ahead of it so that a slow reader never has the file pile up in memory.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { packedParts } from './packed-parts.ts';
import type { FromReader, ToReader } from './threaded-protocol.ts';
import { TraceFileError } from './trace-file.ts';

const AHEAD = 3;

async function main(): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  const { file } = workerData as { file: string };
  let credit = AHEAD;
  let wake: (() => void) | undefined;
  port.on('message', (m: ToReader) => {
    if (m.kind !== 'more') return;
    credit++;
    wake?.();
  });
  const send = (m: FromReader, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
  try {
    for await (const part of packedParts(file)) {
      while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      credit--;
      send({ kind: 'part', part }, [
        part.ints.buffer as ArrayBuffer,
        part.nums.buffer as ArrayBuffer,
      ]);
    }
    send({ kind: 'end' });
  } catch (error) {
    if (error instanceof TraceFileError)
      send({ kind: 'trace-file-error', file: error.file, defect: error.defect });
    else {
      const e = error instanceof Error ? error : new Error(String(error));
      send({ kind: 'error', message: e.message, stack: e.stack });
    }
  } finally {
    port.close();
  }
}

await main();
