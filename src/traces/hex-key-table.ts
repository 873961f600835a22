import { readHexWords } from './hex-words.ts';

const WORDS = 4; // 32 hex digits = 128 bits
const EMPTY = 0;

/**
 * A hash table of 32-hex-digit keys held as four 32-bit words each in typed arrays, indexed by
 * the place the caller gives each key (0 ≤ place < capacity). Open addressing with linear
 * probing; removal shifts the following entries back, so no tombstones pile up.
 */
export class HexKeyTable {
  private readonly words: Int32Array;
  private readonly hashes: Int32Array;
  /** Place + 1 per slot; 0 is empty. */
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly scratch = new Int32Array(WORDS);

  constructor(capacity: number) {
    this.words = new Int32Array(capacity * WORDS);
    this.hashes = new Int32Array(capacity);
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
  }

  /** True when `key` is 32 lowercase hex digits; it is then the key `find` and `put` take. */
  load(key: string): boolean {
    return readHexWords(key, this.scratch, 0, WORDS);
  }

  /** The place of the loaded key, or -1. */
  find(): number {
    const s = this.scratch;
    for (let i = hashOf(s) & this.mask; ; i = (i + 1) & this.mask) {
      const slot = this.slots[i] as number;
      if (slot === EMPTY) return -1;
      if (this.equals(slot - 1, s)) return slot - 1;
    }
  }

  /** Stores the loaded key at `place` (which must be free). */
  put(place: number): void {
    const s = this.scratch;
    this.words.set(s, place * WORDS);
    const hash = hashOf(s);
    this.hashes[place] = hash;
    let i = hash & this.mask;
    while (this.slots[i] !== EMPTY) i = (i + 1) & this.mask;
    this.slots[i] = place + 1;
  }

  /** Forgets the key stored at `place`. */
  remove(place: number): void {
    let i = (this.hashes[place] as number) & this.mask;
    while (this.slots[i] !== place + 1) {
      if (this.slots[i] === EMPTY) return;
      i = (i + 1) & this.mask;
    }
    // Backward shift: pull later entries of the probe run into the gap when their home allows.
    for (let j = (i + 1) & this.mask; this.slots[j] !== EMPTY; j = (j + 1) & this.mask) {
      const home = (this.hashes[(this.slots[j] as number) - 1] as number) & this.mask;
      const stays = i <= j ? i < home && home <= j : i < home || home <= j;
      if (stays) continue;
      this.slots[i] = this.slots[j] as number;
      i = j;
    }
    this.slots[i] = EMPTY;
  }

  private equals(place: number, s: Int32Array): boolean {
    const at = place * WORDS;
    const w = this.words;
    return w[at] === s[0] && w[at + 1] === s[1] && w[at + 2] === s[2] && w[at + 3] === s[3];
  }
}

/** Mixes the four words so that ids made of a repeated word still spread over the table. */
function hashOf(s: Int32Array): number {
  let h = 0x811c9dc5;
  for (let w = 0; w < WORDS; w++) {
    h = Math.imul(h ^ (s[w] as number), 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
  }
  return (h ^ (h >>> 13)) >>> 0;
}
