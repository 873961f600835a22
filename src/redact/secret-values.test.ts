import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { mayHoldSecret, redactText } from './redact-text.ts';
import { SecretKeys } from './secret-keys.ts';
import { VALUE_PATTERNS } from './secret-values.ts';

// Texts near the shapes: digits, separators and the prefixes the patterns start with.
const piece = fc.oneof(
  fc.stringMatching(/^[0-9 -]{0,24}$/),
  fc.constantFrom(
    'sk-',
    'sk-live-',
    'AKIA',
    'ghp_',
    'xoxb-',
    'AIza',
    'eyJ',
    'Bearer ',
    '-----BEGIN ',
  ),
  fc.string({ maxLength: 12 }),
);
const text = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));

test.prop([text])('a pattern matches only texts its hint lets through', (t) => {
  for (const { hint, pattern } of VALUE_PATTERNS) {
    const matches = new RegExp(pattern.source, pattern.flags.replace('g', '')).test(t);
    if (matches) expect(hint.test(t)).toBe(true);
  }
});

test.prop([text])('a text mayHoldSecret lets pass is one redaction leaves as it is', (t) => {
  if (!mayHoldSecret(t)) expect(redactText(t, new SecretKeys())).toBe(t);
});

test('an order number or a case id with a few digits is not scanned for secrets', () => {
  expect(mayHoldSecret('refund-00123')).toBe(false);
  expect(mayHoldSecret('card 4111 1111 1111 1111')).toBe(true);
});
