import { describe, expect, it } from 'vitest';
import { describeThrown } from '../thrown.ts';
import { terminalSafe, terminalText } from './terminal-text.ts';

describe('terminalText', () => {
  it('shows escape sequences, carriage returns, C1 controls and bidi overrides instead of obeying them', () => {
    expect(terminalText('a\u001b[2Jb\u001b]52;c;eA==\u0007\r✓ PASS\u009b\u202eX')).toBe(
      'a\\x1b[2Jb\\x1b]52;c;eA==\\x07\\r✓ PASS\\x9b\\u202eX',
    );
  });

  it('keeps newlines only where asked (messages, which the console indents)', () => {
    expect(terminalText('a\nb')).toBe('a\\nb');
    expect(terminalText('a\nb', true)).toBe('a\nb');
  });

  it('terminalSafe escapes every string of a report, keys too, and keeps message newlines', () => {
    const report = { title: 'x\u001b[31m', cases: [{ message: 'line 1\nline 2\u0007' }], n: 3 };
    expect(terminalSafe(report)).toEqual({
      title: 'x\\x1b[31m',
      cases: [{ message: 'line 1\nline 2\\x07' }],
      n: 3,
    });
  });
});

describe('describeThrown', () => {
  it('describes values that defeat String()', () => {
    expect(describeThrown(Object.create(null))).toBe('an object (with no prototype)');
    expect(describeThrown(Symbol('s'))).toBe('Symbol(s)');
    expect(describeThrown(new RangeError('too far'))).toBe('RangeError: too far');
    expect(describeThrown({ message: 'plain' })).toBe('plain');
    const long = describeThrown(new Error('x'.repeat(2000)));
    expect(long).toMatch(/^Error: x+… \(cut\)$/);
    expect(long).toHaveLength(500 + '… (cut)'.length);
  });
});
