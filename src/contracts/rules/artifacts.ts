import * as fc from 'fast-check';
import { z } from 'zod';
import type { Mutation, Rule } from '../types.ts';
import { arrayAt, insertAnywhere, mutation, withField } from './mutation.ts';
import { wholeNumber } from './options.ts';

const CODE = 'artifacts.by_reference';

/** A record id such as `order:A-1001` or `ticket:8812`. */
export const DEFAULT_ID_PATTERN = /^[a-z][a-z0-9_-]*:[A-Za-z0-9._/-]+$/;

// Relative paths to break the rule with; a custom id pattern may accept some of them.
const RELATIVE = ['docs/plan.md', './notes.txt', '../out/report.json', 'src/index.ts', 'PLAN.md'];

export interface ArtifactsOptions {
  /** Longest reference; anything longer is inlined content (default 512). */
  readonly maxInline?: number | undefined;
  /** What a record id looks like (default `kind:id`, e.g. `order:A-1001`). */
  readonly idPattern?: RegExp | string | undefined;
}

/**
 * `artifacts`: references only, each an absolute path or a record id. Contents pasted into the
 * envelope cost tokens on both ends and arrive truncated; the receiver should open the file.
 */
export function artifactsByReference(options: ArtifactsOptions = {}): Rule {
  const maxInline = wholeNumber(CODE, 'maxInline', options.maxInline ?? 512, 1);
  const idPattern = options.idPattern ?? DEFAULT_ID_PATTERN;
  const reference = referencePattern(idPattern);
  const example =
    idPattern === DEFAULT_ID_PATTERN ? 'like `order:A-1001`' : `matching \`${source(idPattern)}\``;
  const expected = `an absolute path (/…) or a record id ${example}, not inlined content`;
  const relative = RELATIVE.filter((path) => !reference.test(path));
  return {
    code: CODE,
    description: `\`artifacts\`: an array of references, each ${expected} (at most ${maxInline} characters, one line)`,
    fields: {
      artifacts: z.array(
        z
          .string()
          .max(maxInline, {
            error: `a reference of at most ${maxInline} characters, not inlined content`,
          })
          .regex(reference, { error: expected }),
      ),
    },
    mutations: breakReferences(relative, maxInline),
  };
}

/** Two ways to break the rule: a relative path (when the id pattern refuses one), a pasted file. */
function breakReferences(relative: readonly string[], maxInline: number): Mutation[] {
  return [
    mutation({
      name: 'artifacts.relative_path',
      rule: CODE,
      fields: ['artifacts'],
      applies: () => relative.length > 0,
      make: (valid) =>
        fc
          .constantFrom(...relative)
          .chain((path) => insertAnywhere(arrayAt(valid, 'artifacts'), path))
          .map((artifacts) => withField(valid, 'artifacts', artifacts)),
    }),
    mutation({
      name: 'artifacts.inlined',
      rule: CODE,
      fields: ['artifacts'],
      make: (valid) =>
        inlinedContent(maxInline)
          .chain((text) => insertAnywhere(arrayAt(valid, 'artifacts'), text))
          .map((artifacts) => withField(valid, 'artifacts', artifacts)),
    }),
  ];
}

/** One pattern for both kinds of reference, so a schema-derived generator can produce them. */
function referencePattern(idPattern: RegExp | string): RegExp {
  // Strip the id pattern's own anchors (not an escaped `\$`) and group it beside the path branch.
  const inner = source(idPattern)
    .replace(/^\^/, '')
    .replace(/(?<!\\)\$$/, '');
  // Only flags that cannot let a line break or a second line through (no `m`, no `s`).
  const flags = typeof idPattern === 'string' ? '' : idPattern.flags.replace(/[^iuv]/g, '');
  return new RegExp(`^(?:/[^\\r\\n]*|(?:${inner}))$`, flags);
}

function source(pattern: RegExp | string): string {
  return typeof pattern === 'string' ? pattern : pattern.source;
}

/** Several lines of text, longer than any reference may be: a pasted file. */
function inlinedContent(maxInline: number): fc.Arbitrary<string> {
  return fc
    .array(fc.string({ minLength: 1, maxLength: 60 }), { minLength: 2, maxLength: 8 })
    .map((lines) => {
      const text = lines.join('\n');
      return text.repeat(Math.ceil((maxInline + 1) / text.length));
    });
}
