import { BatonError } from '../errors.ts';

/** `--shard 2/4` → `{ index: 2, total: 4 }`. */
export function parseShard(value: string): { index: number; total: number } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const index = Number(m?.[1]);
  const total = Number(m?.[2]);
  if (!m || total < 1 || index < 1 || index > total) {
    throw new BatonError(
      'usage',
      `Failed to read --shard "${value}": expected <index>/<total> with 1 ≤ index ≤ total, e.g. --shard 2/4.`,
    );
  }
  return { index, total };
}
