import { RE2JS } from 're2js';

/** A match: the whole text matched, then each group (undefined when it took no part). */
export type SafeMatch = readonly (string | undefined)[];

/** A regex from a suite, matched in time linear in the text whatever its pattern. */
export interface SafeRegex {
  exec(text: string): SafeMatch | null;
}

const FLAGS: Readonly<Record<string, number>> = {
  i: RE2JS.CASE_INSENSITIVE,
  s: RE2JS.DOTALL,
  m: RE2JS.MULTILINE,
  // Meaningless for a single test of a span name or attribute: accepted and ignored.
  g: 0,
  y: 0,
  u: 0,
};

/**
 * Compiles a user's regex with RE2 (a linear-time engine) instead of the backtracking engine:
 * a pattern such as `(a+)+$` on a long span name would otherwise hang the run. RE2 has no
 * backreferences or lookaround; such patterns fail to compile and the suite says so.
 */
export function compileSafe(source: string, flags = ''): SafeRegex {
  let bits = 0;
  for (const flag of flags) {
    const bit = FLAGS[flag];
    if (bit === undefined) throw new SyntaxError(`unsupported regex flag "${flag}"`);
    bits |= bit;
  }
  const re = RE2JS.compile(source, bits);
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
