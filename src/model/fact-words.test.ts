import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { holdsValue } from './fact-words.ts';

describe('holdsValue', () => {
  it('finds a number only as a whole token: 300 is not inside CLM-3003, CLM-300, 3000 or 1,300', () => {
    expect(holdsValue('The claim number is CLM-3003.', '300')).toBe(false);
    expect(holdsValue('claim CLM-300', '300')).toBe(false);
    expect(holdsValue('ref 300-A', '300')).toBe(false);
    expect(holdsValue('3000 euro', '300')).toBe(false);
    expect(holdsValue('1,300 euro', '300')).toBe(false);
    expect(holdsValue('The plumber charged 300 euro.', '300')).toBe(true);
  });

  it('reads a number however it is written: currency signs, decimals, thousands', () => {
    for (const text of ['€750', '750€', '$750.00', 'Refund — 750,00 €', 'EUR 750,-', '(750)'])
      expect(holdsValue(text, '750'), text).toBe(true);
    expect(holdsValue('1,500 euro', '1500')).toBe(true);
    expect(holdsValue('1.500,00 €', '1500')).toBe(true);
    expect(holdsValue('$1,500.50', '1500.5')).toBe(true);
    expect(holdsValue('7,50 €', '7.5')).toBe(true);
    expect(holdsValue('7.50 €', '50')).toBe(false);
    expect(holdsValue('7.50 €', '7')).toBe(false);
    expect(holdsValue('7500', '750')).toBe(false);
    expect(holdsValue('version 1.2.3', '1.2.3')).toBe(true);
  });

  it('finds an id with its parts split or joined, but never a part of a longer id', () => {
    expect(holdsValue('order #a 1001, broken', 'A-1001')).toBe(true);
    expect(holdsValue('Policy POL-5555.', 'pol-5555')).toBe(true);
    expect(holdsValue('order A-10012', 'A-1001')).toBe(false);
    expect(holdsValue('order XA-1001', 'A-1001')).toBe(false);
    expect(holdsValue('policy POL-5555', '5555')).toBe(false);
    expect(holdsValue('{"order_id":"A-1001"}', 'A-1001')).toBe(true);
  });

  it('compares words ignoring case and accents, and only whole', () => {
    expect(holdsValue('Tier: SILVER', 'silver')).toBe(true);
    expect(holdsValue('Zoë Lima', 'zoe lima')).toBe(true);
    expect(holdsValue("Ana's refund", 'ana')).toBe(true);
    expect(holdsValue('quicksilver', 'silver')).toBe(false);
    expect(holdsValue('anything', '--')).toBe(false);
  });
});

const alnum = fc.stringMatching(/^[A-Za-z0-9]{1,5}$/);
const value = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9]{1,6}$/),
  fc.stringMatching(/^[A-Z]{2,4}-[0-9]{2,6}$/),
  fc.tuple(fc.nat(99_999), fc.nat(99)).map(([a, b]) => `${a}.${b}`),
);
// What glues a value into a longer token: letters or digits, or a dash and then some. A suffix
// that starts with `.` or `,` could be the value's own decimals (`1.5` + `0` = `1.50`), so none.
const prefix = fc.oneof(
  alnum,
  alnum.map((a) => `${a}-`),
);
const suffix = fc.oneof(
  fc.stringMatching(/^[A-Za-z1-9][A-Za-z0-9]{0,4}$/),
  alnum.map((a) => `-${a}`),
);
const around = fc.constantFrom(' ', ', ', '. ', ' (', ') ', ': ', ' €', '\n', '"');

describe('holdsValue properties', () => {
  test.prop([value, fc.option(prefix, { nil: '' }), fc.option(suffix, { nil: '' })])(
    'a value embedded inside a longer alphanumeric token is never found',
    (v, pre, post) => {
      fc.pre(pre !== '' || post !== '');
      // The words around the token must not be the value itself ("is", "the").
      fc.pre(!['the', 'is', 'here'].includes(v.toLowerCase()));
      expect(holdsValue(`the ${pre}${v}${post} is here`, v)).toBe(false);
    },
  );

  test.prop([value, fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), around, around])(
    'a value standing alone is always found, in any case, whatever is around it',
    (v, before, after, open, close) => {
      expect(holdsValue(`${before} ${open}${v.toUpperCase()}${close} ${after}`, v)).toBe(true);
    },
  );

  test.prop([fc.integer({ min: 0, max: 999_999_999 })])(
    'a whole amount is found by its digits however its thousands and decimals are written',
    (n) => {
      const written = [
        n.toLocaleString('en-US'),
        n.toLocaleString('en-US', { minimumFractionDigits: 2 }),
        n.toLocaleString('de-DE', { minimumFractionDigits: 2 }),
      ];
      for (const text of written) expect(holdsValue(`paid ${text} €`, String(n)), text).toBe(true);
    },
  );
});
