import { describe, expect, it } from 'vitest';
import { encodingDefect, openDefect, shownPath } from './trace-file.ts';

describe('encodingDefect', () => {
  it('knows gzip, zstd and UTF-16 by their first bytes, each with the fix', () => {
    const gzip = encodingDefect(Buffer.from([0x1f, 0x8b, 8, 0]), 'a.jsonl.gz');
    const zstd = encodingDefect(Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0]), 'a.jsonl.zst');
    const utf16 = encodingDefect(Buffer.from('\uFEFF{}', 'utf16le'), 'a.jsonl');

    expect(gzip?.fix).toBe(
      'decompress it first (gunzip -k a.jsonl.gz) and pass the file gunzip writes',
    );
    expect(zstd?.why).toMatch(/^this file is zstd-compressed/);
    expect(zstd?.fix).toMatch(/zstd -d a\.jsonl\.zst/);
    expect(utf16?.why).toMatch(/^this file is UTF-16 text/);
  });

  it('passes JSON text, with or without a UTF-8 byte-order mark', () => {
    expect(encodingDefect(Buffer.from('{"resourceSpans":[]}'), 'a.jsonl')).toBeUndefined();
    expect(encodingDefect(Buffer.from('\uFEFF{"resourceSpans":[]}'), 'a.jsonl')).toBeUndefined();
    expect(encodingDefect(Buffer.from(''), 'a.jsonl')).toBeUndefined();
  });
});

describe('openDefect', () => {
  it('turns the file system’s codes into words and a fix', () => {
    expect(openDefect({ code: 'ENOENT' }, 'x.jsonl')).toMatchObject({
      code: 'file.not_found',
      why: 'no such file',
    });
    expect(openDefect({ code: 'EISDIR' }, 'exports/').fix).toBe(
      'pass the trace files in it (exports/*.jsonl)',
    );
    expect(openDefect({ code: 'EIO' }, 'x.jsonl').why).toBe('the file could not be read (EIO)');
  });
});

describe('shownPath', () => {
  it('is relative inside the working folder and absolute outside it', () => {
    expect(shownPath('/w/exports/a.jsonl', '/w')).toBe('exports/a.jsonl');
    expect(shownPath('/dev/fd/63', '/w')).toBe('/dev/fd/63');
    expect(shownPath('exports/a.jsonl', '/w')).toBe('exports/a.jsonl');
  });
});
