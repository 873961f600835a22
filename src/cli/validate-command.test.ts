import { describe, expect, test } from 'vitest';
import type { ValidatedFile } from '../load/validate-files.ts';
import { summary } from './validate-command.ts';

const problem = { file: 'x', path: '', message: 'wrong' };
const file = (kind: ValidatedFile['kind'], bad = false): ValidatedFile => ({
  file: 'x',
  kind,
  problems: bad ? [problem] : [],
});

describe('the count line of baton validate', () => {
  test('counts files by kind and those with problems', () => {
    expect(summary([file('case'), file('case', true), file('suite')])).toBe(
      'Checked 2 case file(s) and 1 suite file(s): 1 with problems.',
    );
    expect(summary([file('case')])).toBe('Checked 1 case file(s) and 0 suite file(s): all valid.');
  });

  test('a missing path is counted apart, never as a checked file', () => {
    expect(summary([file('case'), file('missing', true)])).toBe(
      'Checked 1 case file(s) and 0 suite file(s): all valid; 1 path(s) not found.',
    );
    expect(summary([file('missing', true), file('missing', true)])).toBe(
      'Checked 0 case file(s) and 0 suite file(s): 2 path(s) not found.',
    );
    expect(summary([file('suite', true), file('missing', true)])).toBe(
      'Checked 0 case file(s) and 1 suite file(s): 1 with problems; 1 path(s) not found.',
    );
  });
});
