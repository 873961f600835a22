import { describe, expect, test } from 'vitest';
import { parseReporters } from './reporters.ts';

describe('parseReporters', () => {
  test('takes the reporters given by commas and by repeated flags', () => {
    expect(parseReporters(['json,html', 'junit'])).toEqual(['json', 'html', 'junit']);
    expect(parseReporters(undefined)).toBeUndefined();
  });

  test('names the reporter a misspelt one is nearest to', () => {
    expect(() => parseReporters(['htm'])).toThrow(
      'Failed to read --reporter: unknown reporter "htm". Did you mean html? Use any of console, json, md, html, junit, github (comma separated).',
    );
  });
});
