import { fc } from '@fast-check/vitest';

/** Helpers for the property tests that hold a hand-written check to its schema's answers. */

/**
 * Equal as the schema's value must be: the same keys in the same order (reports print labels in
 * it), the same primitives (NaN and -0 included), the same kinds of object.
 */
export function same(a: unknown, b: unknown, seen = new Map<object, unknown>()): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return Object.is(a, b);
  // A value zod passes through as given (a tool's result) may hold itself.
  if (seen.has(a)) return seen.get(a) === b;
  seen.set(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => same((a as never)[k], (b as never)[k], seen));
}

type Path = (string | number)[];
/** Every path into the value (to objects, arrays and leaves alike). */
function paths(v: unknown, at: Path = []): Path[] {
  if (typeof v !== 'object' || v === null) return [at];
  const keys: (string | number)[] = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
  return [at, ...keys.flatMap((k) => paths((v as never)[k], [...at, k]))];
}

/** A copy of `v` with `edit` applied to the container at `path` (its last segment the key). */
function edited(
  v: unknown,
  path: Path,
  edit: (parent: Record<string | number, unknown>, key: string | number) => void,
): unknown {
  const copy = structuredClone(v);
  let parent = copy as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  edit(parent, path[path.length - 1] as string | number);
  return copy;
}

/** A value near `here`: a number just past a bound, a list one item longer or reversed. */
function nudged(here: unknown, n: number): unknown {
  if (typeof here === 'number') return [here + 1, here - 1, here + 0.5, -here, here * 2][n % 5];
  if (typeof here === 'string') return [`${here} `, here.toUpperCase(), '', `_${here}`][n % 4];
  if (Array.isArray(here))
    return [[...here, here[0]], [...here].reverse(), [], here.slice(1)][n % 4];
  return here;
}

/**
 * A valid value changed in one place: a near miss, valid or not (the schema decides which). The
 * change is one of: a misfit value put there, the field dropped, wrapped in a list or under a
 * stray key, a stray key added beside it, its type changed, or a number or list nudged.
 */
export function nearMissOf(
  valid: fc.Arbitrary<unknown>,
  misfit: fc.Arbitrary<unknown>,
  strayKey: fc.Arbitrary<string>,
): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.nat(), fc.nat(7), misfit, strayKey, fc.nat())
    .map(([valid, at, how, value, key, n]) => {
      const all = paths(valid).filter((p) => p.length > 0);
      // Nudges go to numbers and lists, where bounds and lengths are checked.
      const valueAt = (p: Path) => p.reduce((v: unknown, k) => (v as never)[k], valid);
      const nudgeable = all.filter(
        (p) => typeof valueAt(p) === 'number' || Array.isArray(valueAt(p)),
      );
      const pool = how === 6 && nudgeable.length > 0 ? nudgeable : all;
      const path = pool[at % pool.length] as Path;
      const own = (o: object, k: string, v: unknown) =>
        Object.defineProperty(o, k, {
          value: v,
          enumerable: true,
          configurable: true,
          writable: true,
        });
      return edited(valid, path, (parent, last) => {
        const here = parent[last];
        const sibling = Object.values(parent)[n % Math.max(1, Object.keys(parent).length)];
        if (how === 0) parent[last] = value;
        else if (how === 1) delete parent[last];
        else if (how === 2) parent[last] = [here];
        else if (how === 3) parent[last] = { [key]: here };
        else if (how === 4 && typeof here === 'object' && here !== null && !Array.isArray(here))
          own(here, key, n % 2 === 0 ? value : sibling);
        else if (how === 5) parent[last] = typeof here === 'string' ? [here] : String(here);
        else if (how === 6) parent[last] = nudged(here, n);
        else own(parent, key, n % 2 === 0 ? here : value);
      });
    });
}
