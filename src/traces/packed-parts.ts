import { type OnProblem, readSpanBatches } from './read-batches.ts';
import { type PackedPart, SpanPacker } from './span-pack.ts';

/**
 * Ints in a part before it is handed on: about 500 spans of a few attributes. The texts a part
 * carries live until it is sent; larger parts let the worker's collector promote them, and its
 * old generation grew with the file (3,000,000 spans: 33 MB at 65,536 ints, 11 MB at 16,384).
 */
const PART_INTS = 1 << 13;

/**
 * A trace file's spans, problems and batch ends, packed (`SpanPacker`), a part every few
 * thousand spans; `readTraces` reads them in this thread or from a worker that runs this.
 * Problems of the file go into the parts in their place; `onProblem` gets none. A file that
 * cannot be read throws a `TraceFileError`, as `readSpanBatches` does.
 */
export async function* packedParts(file: string): AsyncGenerator<PackedPart> {
  const packer = new SpanPacker();
  const onProblem: OnProblem = (p) => packer.problem(p);
  for await (const batch of readSpanBatches(file, onProblem)) {
    for (const raw of batch.raw) packer.span(raw, batch.line);
    packer.batchEnd(batch.line);
    if (packer.size >= PART_INTS) yield packer.take();
  }
  if (packer.size > 0) yield packer.take();
}
