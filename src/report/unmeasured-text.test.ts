import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../model/report.ts';
import { caseJsonText } from './json.ts';
import { unmeasuredCaseText } from './unmeasured-text.ts';

// Texts that look like the lines the cut looks for, inside strings and keys.
const tricky = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('\n      }', '\n      "measured": {\n', '"measured": {', '}\n', ',\n    }'),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    tricky,
    fc.integer(),
    fc.boolean(),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(tricky, tie('value'), { maxKeys: 3 }),
  ),
})).value;
const measured = fc.oneof(
  fc.record({
    order: fc.nat(),
    expectedHandoffs: fc.nat(),
    runs: fc.array(json, { maxLength: 3 }),
  }),
  fc.dictionary(tricky, json, { minKeys: 1, maxKeys: 3 }),
);
const result = fc.record(
  {
    id: tricky,
    title: tricky,
    status: fc.constantFrom('pass', 'fail', 'error'),
    findings: fc.array(fc.record({ code: tricky, message: tricky }), { maxLength: 2 }),
    timeline: fc.array(json, { maxLength: 2 }),
    measured,
    tally: fc.dictionary(tricky, json, { maxKeys: 2 }),
    extra: json,
  },
  { requiredKeys: ['id', 'title', 'status', 'measured'] },
);

describe('unmeasuredCaseText', () => {
  test.prop([result], { numRuns: 400 })(
    'is the case rendered without its measured field, byte for byte',
    (c) => {
      const { measured: _, ...rest } = c;
      const cut = unmeasuredCaseText(Buffer.from(caseJsonText(c as unknown as CaseResult)));

      expect(cut).toBeDefined();
      expect(Buffer.from(cut as Uint8Array).toString()).toBe(
        caseJsonText(rest as unknown as CaseResult),
      );
    },
  );

  it('puts the lead given before the text, as report.json indents a case', () => {
    const c = { id: 'a', title: 't', status: 'pass', measured: { order: 1 }, tally: {} };
    const { measured: _, ...rest } = c;
    const text = caseJsonText(c as unknown as CaseResult);

    const cut = unmeasuredCaseText(Buffer.from(text.trimStart()), Buffer.from('    '));

    expect(Buffer.from(cut as Uint8Array).toString()).toBe(
      caseJsonText(rest as unknown as CaseResult),
    );
  });

  it('gives up on a text not laid out as report.json lays out a case', () => {
    const c = { id: 'a', title: 't', status: 'pass', measured: { order: 1 } };
    const text = (v: unknown, space: number) => Buffer.from(JSON.stringify(v, null, space));

    expect(unmeasuredCaseText(text(c, 4))).toBeUndefined();
    expect(unmeasuredCaseText(text(c, 0))).toBeUndefined();
    expect(unmeasuredCaseText(text({ ...c, measured: {} }, 2))).toBeUndefined();
    expect(unmeasuredCaseText(text({ id: 'a' }, 2))).toBeUndefined();
  });
});
