import { createRequire } from 'node:module';
import type { RE2JS as RE2JSClass } from 're2js';

/** A match: the whole text matched, then each group (undefined when it took no part). */
export type SafeMatch = readonly (string | undefined)[];

/** A regex from a suite, matched in time linear in the text whatever its pattern. */
export interface SafeRegex {
  exec(text: string): SafeMatch | null;
}

let re2: typeof RE2JSClass | undefined;
/** RE2 (a large module) loads with the first suite regex: most runs have none. */
function loadRe2(): typeof RE2JSClass {
  re2 ??= (createRequire(import.meta.url)('re2js') as { RE2JS: typeof RE2JSClass }).RE2JS;
  return re2;
}

function flagBit(flag: string): number | undefined {
  const RE2JS = loadRe2();
  const bits: Readonly<Record<string, number>> = {
    i: RE2JS.CASE_INSENSITIVE,
    s: RE2JS.DOTALL,
    m: RE2JS.MULTILINE,
    // Meaningless for a single test of a span name or attribute: accepted and ignored.
    g: 0,
    y: 0,
    u: 0,
  };
  return Object.hasOwn(bits, flag) ? bits[flag] : undefined;
}

/**
 * Compiles a user's regex with RE2 (a linear-time engine) instead of the backtracking engine:
 * a pattern such as `(a+)+$` on a long span name would otherwise hang the run. RE2 has no
 * backreferences or lookaround; such patterns fail to compile and the suite says so.
 */
export function compileSafe(source: string, flags = ''): SafeRegex {
  let bits = 0;
  for (const flag of flags) {
    const bit = flagBit(flag);
    if (bit === undefined) throw new SyntaxError(`unsupported regex flag "${flag}"`);
    bits |= bit;
  }
  const re = loadRe2().compile(source, bits);
  return {
    exec(text) {
      const m = re.matcher(text);
      if (!m.find()) return null;
      return Array.from({ length: m.groupCount() + 1 }, (_, i) => m.group(i) ?? undefined);
    },
  };
}

/** True when `compileSafe` accepts the pattern. */
export function compilesSafely(source: string, flags?: string): boolean {
  try {
    compileSafe(source, flags);
    return true;
  } catch {
    return false;
  }
}
