import * as fc from 'fast-check';
import type { Envelope, Rule } from '../types.ts';
import { FINDINGS_FIELD, findingsOf } from './findings-field.ts';
import { isoAt, mutation } from './mutation.ts';
import { wholeNumber } from './options.ts';
import { plural } from './wording.ts';

const CODE = 'findings.capped';

export interface CappedFindingsOptions {
  /** Most findings one envelope may carry (default 10). */
  readonly max?: number | undefined;
}

/**
 * At most `max` findings: a sender that ranks and filters hands over what matters; one that
 * forwards everything makes the receiver lose the important few.
 */
export function cappedFindings({ max = 10 }: CappedFindingsOptions = {}): Rule {
  wholeNumber(CODE, 'max', max, 0);
  const expected = `at most ${plural(max, 'finding')}`;
  return {
    code: CODE,
    description: `\`findings\`: ${expected}`,
    fields: { findings: FINDINGS_FIELD },
    check: (envelope) => {
      const count = findingsOf(envelope).length;
      if (count <= max) return [];
      return [{ rule: CODE, path: ['findings'], expected, received: plural(count, 'finding') }];
    },
    // A schema-derived generator knows no cap: keep the first `max`.
    satisfy: (envelope) =>
      findingsOf(envelope).length > max
        ? { ...envelope, findings: findingsOf(envelope).slice(0, max) }
        : envelope,
    mutations: [
      mutation({
        name: 'findings.over_cap',
        rule: CODE,
        fields: ['findings'],
        make: (valid, ctx) =>
          fc.integer({ min: 1, max: 3 }).map((extra) => overCap(valid, max + extra, ctx.now)),
      }),
    ],
  };
}

// Filler findings are stamped with the handoff's time so they break only the cap.
function overCap(valid: Envelope, count: number, now: number): Envelope {
  const items = [...findingsOf(valid)];
  const at = isoAt(now);
  for (let n = items.length; n < count; n += 1) {
    items.push({ claim: `filler finding ${n + 1}`, ...(at !== undefined && { at }) });
  }
  return { ...valid, findings: items };
}
