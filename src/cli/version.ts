import { readFileSync } from 'node:fs';

/** Baton's version, read from its package.json (two folders up from src/cli and dist/cli). */
export function batonVersion(): string {
  const file = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
