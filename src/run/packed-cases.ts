import { CASES_PER_COLLECTION, collectGarbage, LARGE_RUN } from '../io/collect-garbage.ts';
import {
  CaseArena,
  caseOfBytes,
  type HeldCase,
  PackedCase,
  packCase,
} from '../load/packed-case.ts';
import type { Case } from '../model/labelled-case.ts';

/** Bytes packed between two collections of the case objects already packed. */
const COLLECT_EVERY = 8 << 20;

/** The cases a run reads, by place: an array, or cases packed until each one runs. */
export interface CaseSource {
  readonly length: number;
  at(index: number): Case | undefined;
}

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
  constructor(cases: HeldCase[], packFrom = LARGE_RUN) {
    this.slots = new Array(cases.length);
    this.large = cases.length >= LARGE_RUN;
    const packing = cases.length >= packFrom;
    // What loading left behind goes first: the packed bytes then fill room the cases free.
    if (this.large) collectGarbage();
    let since = 0;
    const arena = new CaseArena();
    for (let i = 0; i < cases.length; i++) {
      // Packed already as its file loaded (a large suite), or now.
      const held = cases[i] as HeldCase;
      const slot = held instanceof PackedCase ? held : packing ? packCase(held, arena) : held;
      this.slots[i] = slot instanceof PackedCase ? slot.bytes : slot;
      cases[i] = undefined as unknown as Case;
      since += slot instanceof PackedCase && slot !== held ? slot.bytes.length : 0;
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
    return Buffer.isBuffer(slot) ? caseOfBytes(slot) : slot;
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
