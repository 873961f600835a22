import * as fc from 'fast-check';

// A sane window for generated timestamps: far from the edges of Date and of four-digit years.
const MIN_DATE = new Date('2000-01-01T00:00:00.000Z');
const MAX_DATE = new Date('2099-12-31T23:59:59.999Z');
const PROBES = [MIN_DATE, MAX_DATE, new Date('2024-02-29T12:34:56.789Z')];

/** Ways to print a date; the first whose output the schema's pattern accepts is used. */
const DATE_TIME_SHAPES: readonly ((d: Date) => string)[] = [
  (d) => d.toISOString(),
  (d) => `${d.toISOString().slice(0, 19)}Z`,
  (d) => `${d.toISOString().slice(0, 16)}Z`,
  (d) => `${d.toISOString().slice(0, 23)}000Z`,
  (d) => d.toISOString().slice(0, 23),
];
const DATE_SHAPES: readonly ((d: Date) => string)[] = [(d) => d.toISOString().slice(0, 10)];

// Plain addresses that zod's (strict) email regex accepts; fc.emailAddress() mostly fails it.
const EMAIL =
  /^[a-z][a-z0-9]{0,9}(?:[._][a-z0-9]{1,6})?@[a-z][a-z0-9-]{0,8}[a-z0-9]\.(?:com|org|net|io|dev)$/;

// Subsets of the ISO 8601 duration grammar that zod's z.iso.duration() accepts.
const DURATION = /^P(?:[1-9]\d{0,2}W|[1-9]\d{0,2}D(?:T[1-9]\d?H(?:[1-9]\d?M)?)?|T[1-9]\d?M)$/;

/** ISO dates and date-times from fc.date, printed in the first shape the pattern accepts. */
export function dateFormatArbitrary(
  format: string,
  pattern: RegExp | undefined,
): fc.Arbitrary<string> | undefined {
  const shapes = format === 'date-time' ? DATE_TIME_SHAPES : format === 'date' ? DATE_SHAPES : [];
  const shape = shapes.find((s) => !pattern || PROBES.every((d) => pattern.test(s(d))));
  if (!shape) return undefined;
  return fc.date({ min: MIN_DATE, max: MAX_DATE, noInvalidDate: true }).map(shape);
}

/** Values for a string `format` without a usable pattern; undefined for an unknown format. */
export function formatArbitrary(format: string): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'email':
      return fc.stringMatching(EMAIL);
    case 'uuid':
      return fc.uuid();
    case 'uri':
      return fc.webUrl();
    case 'hostname':
      return fc.domain();
    case 'ipv4':
      return fc.ipV4();
    case 'ipv6':
      return fc.ipV6();
    case 'duration':
      return fc.stringMatching(DURATION);
    default:
      return undefined;
  }
}
