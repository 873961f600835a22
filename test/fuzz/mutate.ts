import type { Rng } from './rng.ts';

/** Hostile text a person would not write but a file may hold: controls, escapes, bidi, NUL. */
export const HOSTILE_TEXT = [
  '\u001b[2J\u001b[H',
  '\u001b]52;c;ZXZpbA==\u0007',
  '\r✓ PASS  all good',
  '\u202eevil\u202c',
  '\u0000nul',
  '\u009b31m',
  'a\nb\tc',
  '💥 ünïcödé',
];

/** Ways a YAML file's bytes go wrong: each returns the bytes to write. */
export function mutateYaml(text: string, rng: Rng): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  switch (rng.int(0, 9)) {
    case 0:
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
    case 1:
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    case 2:
      return Buffer.from(text, 'utf16le');
    case 3:
      return splice(bytes, rng, Buffer.from([0xc3, 0x28, 0xff]));
    case 4:
      return bytes.subarray(0, rng.int(0, bytes.length));
    case 5:
      return flip(bytes, rng);
    case 6:
      return splice(bytes, rng, rng.bytes(rng.int(1, 64)));
    case 7:
      return Buffer.from(text.replace(/\n/g, () => (rng.chance(0.2) ? '\n\t' : '\n')));
    case 8:
      return Buffer.from(`${text}\n---\n${text}`);
    default:
      return rng.bytes(rng.int(0, 4096));
  }
}

function splice(bytes: Buffer, rng: Rng, insert: Buffer): Buffer {
  const at = rng.int(0, bytes.length);
  return Buffer.concat([bytes.subarray(0, at), insert, bytes.subarray(at)]);
}

function flip(bytes: Buffer, rng: Rng): Buffer {
  const out = Buffer.from(bytes);
  for (let n = rng.int(1, 8); n > 0 && out.length > 0; n--) {
    out[rng.int(0, out.length - 1)] = rng.pick([0x7b, 0x5b, 0x3a, 0x2d, 0x26, 0x2a, 0x22, 0x00]);
  }
  return out;
}

/** YAML nested `depth` levels, in block or flow style. */
export function deepYaml(depth: number, flow: boolean): string {
  if (flow) return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  return `${Array.from({ length: depth }, (_, i) => `${' '.repeat(i)}k:`).join('\n')} 1`;
}

/** The "billion laughs" alias bomb. */
export function aliasBomb(levels: number): string {
  const lines = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i <= levels; i++) {
    const refs = Array.from({ length: 9 }, () => `*a${i - 1}`).join(', ');
    lines.push(`a${i}: &a${i} [${refs}]`);
  }
  return lines.join('\n');
}

/** Numbers that break naive code: huge, negative, not-a-number, beyond Node's timers. */
export const ABSURD_NUMBERS = [
  '1e9',
  '1e308',
  '-1',
  '-0',
  '.nan',
  '.inf',
  '-.inf',
  '3000000000',
  '0x7fffffff',
  '9007199254740993',
  '1e400',
  '0.5',
];
