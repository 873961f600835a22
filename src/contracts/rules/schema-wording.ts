/**
 * Words for zod issues on an envelope: `expected` and `received` as short human strings
 * (`a string of at most 800 characters` / `a string of 1,204 characters`).
 */
import type { z } from 'zod';
import { describeSize, describeValue, plural } from './wording.ts';

type Issue = z.core.$ZodIssue;

/** What the schema wanted, in words; a rule's own wording (a zod `error` param) wins. */
export function expectedOf(issue: Issue): string {
  if (!/^(Invalid|Too |Unrecognized)/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_WORDS[issue.expected] ?? `a value of type ${issue.expected}`;
    case 'too_small':
      return bound(issue.origin, Number(issue.minimum), issue.inclusive !== false, 'least');
    case 'too_big':
      return bound(issue.origin, Number(issue.maximum), issue.inclusive !== false, 'most');
    case 'invalid_format':
      return issue.format === 'regex'
        ? `a string matching \`${issue.pattern}\``
        : `a ${issue.format} string`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `\`${String(issue.values[0])}\``
        : `one of ${issue.values.map((v) => `\`${String(v)}\``).join(', ')}`;
    case 'not_multiple_of':
      return `a multiple of ${issue.divisor}`;
    case 'invalid_union':
      return 'one of the allowed shapes';
    default:
      return 'a valid value';
  }
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: '`true` or `false`',
  array: 'an array',
  object: 'an object',
  record: 'an object',
  null: '`null`',
};

function bound(origin: string, n: number, inclusive: boolean, side: 'least' | 'most'): string {
  if (origin === 'string') {
    if (side === 'least' && n === 1 && inclusive) return 'a non-empty string';
    return `a string of at ${side} ${plural(n, 'character')}`;
  }
  if (origin === 'array') return `an array with at ${side} ${plural(n, 'item')}`;
  if (!inclusive) return `a number ${side === 'least' ? 'above' : 'below'} ${n}`;
  return `a number of at ${side} ${n}`;
}

/** What the envelope had there: its size for a size bound, else the value in words. */
export function receivedOf(issue: Issue, value: unknown, atRoot: boolean): string {
  if (issue.code === 'too_small' || issue.code === 'too_big') return describeSize(value);
  return describeValue(value, atRoot ? 'no envelope' : 'no field');
}
