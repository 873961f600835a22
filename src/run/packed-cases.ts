import type { Case } from '../model/labelled-case.ts';
import { CASES_PER_COLLECTION, collectGarbage, LARGE_RUN } from './collect-garbage.ts';

/** Bytes packed between two collections of the case objects already packed. */
const COLLECT_EVERY = 8 << 20;

/** The cases a run reads, by place: an array, or cases packed until each one runs. */
export interface CaseSource {
  readonly length: number;
  at(index: number): Case | undefined;
}

/** Set when a value would not come back the same from JSON (a date, `.inf`, an undefined field). */
class NotPlain extends Error {}

function plainJson(c: Case): string {
  // `this[key]` is the value before toJSON (a Date's own, not its text).
  return JSON.stringify(c, function check(this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    if (raw === undefined || typeof raw === 'bigint' || typeof raw === 'function') throw NOT_PLAIN;
    if (typeof raw === 'symbol') throw NOT_PLAIN;
    if (typeof raw === 'number' && (!Number.isFinite(raw) || Object.is(raw, -0))) throw NOT_PLAIN;
    if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
      const proto = Object.getPrototypeOf(raw);
      if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
    }
    return value;
  });
}

const NOT_PLAIN = new NotPlain();

/**
 * Loaded cases kept as JSON bytes outside the JavaScript heap until each one runs, then let go:
 * 100,000 cases as objects hold a few hundred MB of heap for the whole run, and the garbage
 * collector lets the heap grow to a multiple of what it holds. A smaller run keeps its cases as
 * objects (packing and parsing each costs more than the heap it saves). A case whose values
 * would not come back the same from JSON (a YAML date or `.inf` in a step) stays as it was.
 */
export class PackedCases implements CaseSource {
  private readonly slots: (Buffer | Case | undefined)[];

  /**
   * Takes the cases over: `cases` is emptied as they are packed, and the objects packed so far
   * collected every `COLLECT_EVERY` bytes, so the cases are never held twice over. Cases are
   * packed when there are `packFrom` of them or more (LARGE_RUN unless given).
   */
  constructor(cases: Case[], packFrom = LARGE_RUN) {
    this.slots = new Array(cases.length);
    this.large = cases.length >= LARGE_RUN;
    const packing = cases.length >= packFrom;
    // What loading left behind goes first: the packed bytes then fill room the cases free.
    if (this.large) collectGarbage();
    let since = 0;
    const arena = new Arena();
    for (let i = 0; i < cases.length; i++) {
      const slot = packing ? pack(cases[i] as Case, arena) : cases[i];
      this.slots[i] = slot;
      cases[i] = undefined as unknown as Case;
      since += Buffer.isBuffer(slot) ? slot.length : 0;
      if (this.large && since >= COLLECT_EVERY) {
        collectGarbage();
        since = 0;
      }
    }
    cases.length = 0;
    if (this.large && since > 0) collectGarbage();
  }

  get length(): number {
    return this.slots.length;
  }

  at(index: number): Case | undefined {
    const slot = this.slots[index];
    return Buffer.isBuffer(slot) ? (JSON.parse(slot.toString('utf8')) as Case) : slot;
  }

  /** The case at `index` has run: its bytes are let go (and every so often, the garbage). */
  release(index: number): void {
    this.slots[index] = undefined;
    if (++this.released % CASES_PER_COLLECTION === 0 && this.large) collectGarbage();
  }

  private released = 0;
  /** A large run (LARGE_RUN cases or more) collects its garbage as it goes. */
  private readonly large: boolean;
}

function pack(c: Case, arena: Arena): Buffer | Case {
  try {
    return arena.put(plainJson(c));
  } catch (error) {
    if (error instanceof NotPlain) return c;
    throw error;
  }
}

/** Bytes of one arena chunk: large enough to be mapped (and unmapped) whole, not carved from the C heap. */
const CHUNK = 4 << 20;

/**
 * Packed cases share a few large chunks: 100,000 small buffers would scatter the process's
 * C heap, which then keeps the memory after they are let go. A chunk goes once none of its
 * cases is left.
 */
class Arena {
  private chunk = Buffer.allocUnsafeSlow(CHUNK);
  private used = 0;

  put(text: string): Buffer {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > CHUNK / 4) return Buffer.from(text, 'utf8');
    if (this.used + bytes > CHUNK) {
      this.chunk = Buffer.allocUnsafeSlow(CHUNK);
      this.used = 0;
    }
    const start = this.used;
    this.used += this.chunk.write(text, start, 'utf8');
    return this.chunk.subarray(start, this.used);
  }
}
