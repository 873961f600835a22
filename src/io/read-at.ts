import { readSync } from 'node:fs';

/** Up to `size` bytes of the open file from byte `at`, fewer at its end; a fresh buffer each time. */
export function readAt(fd: number, at: number, size: number): Buffer {
  const block = Buffer.allocUnsafe(size);
  let got = 0;
  while (got < size) {
    const n = readSync(fd, block, got, size - got, at + got);
    if (n === 0) break;
    got += n;
  }
  return block.subarray(0, got);
}
