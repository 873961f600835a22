import { describe, expect, it } from 'vitest';
import { filePlace } from './file-place.ts';

describe('filePlace', () => {
  it('names the line after the file when there is one, else the file alone', () => {
    expect(filePlace('cases/x.yaml', 7)).toBe('cases/x.yaml:7');
    expect(filePlace('cases/x.yaml', undefined)).toBe('cases/x.yaml');
  });
});
