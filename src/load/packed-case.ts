import type { Case } from '../model/labelled-case.ts';

/**
 * A loaded case kept as JSON bytes outside the JavaScript heap until it runs. What choosing the
 * cases reads (id, tags, file, faults, participants) stays at hand; the rest comes back with `unpack`. A suite
 * of 100,000 cases loaded as objects holds about 3 KB of heap a case through loading and
 * selection; packed as each file is checked, it holds its bytes.
 */
export class PackedCase {
  readonly id: string;
  readonly tags: readonly string[];
  readonly file: string | undefined;
  readonly faults: Case['faults'];
  readonly agents: readonly string[];
  readonly persons: readonly string[];

  constructor(
    c: Case,
    readonly bytes: Buffer,
    names: (list: readonly string[]) => readonly string[] = (list) => list,
  ) {
    this.id = c.id;
    this.tags = c.tags;
    this.file = c.file;
    this.faults = c.faults;
    this.agents = names(c.agents);
    this.persons = names(c.persons);
  }

  /** The case again: a copy of its own each time. */
  unpack(): Case {
    return caseOfBytes(this.bytes);
  }
}

/** A packed case's bytes back as the case. */
export function caseOfBytes(bytes: Buffer): Case {
  return JSON.parse(bytes.toString('utf8')) as Case;
}

/** A case as loading hands it on: the object, or packed. */
export type HeldCase = Case | PackedCase;

export function unpackCase(c: HeldCase): Case {
  return c instanceof PackedCase ? c.unpack() : c;
}

/** Set when a value would not come back the same from JSON (a date, `.inf`, an undefined field). */
class NotPlain extends Error {}

const NOT_PLAIN = new NotPlain();

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

/**
 * The case packed into `arena`; a case whose values would not come back the same from JSON (a
 * YAML date or `.inf` in a step) stays the object it is.
 */
export function packCase(c: Case, arena: CaseArena): HeldCase {
  try {
    return new PackedCase(c, arena.put(plainJson(c)), (list) => arena.names(list));
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
export class CaseArena {
  private chunk = Buffer.allocUnsafeSlow(CHUNK);
  private used = 0;
  // Most cases of a suite list the same participants: one array for them all.
  private readonly lists = new Map<string, readonly string[]>();

  /** One shared copy of a list of names that equals `list`. */
  names(list: readonly string[]): readonly string[] {
    const key = list.join('\n');
    let shared = this.lists.get(key);
    if (shared === undefined) {
      shared = [...list];
      if (this.lists.size < 10_000) this.lists.set(key, shared);
    }
    return shared;
  }

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
