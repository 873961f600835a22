#!/usr/bin/env node
// Runs a TypeScript entry file without a build step (used by npm scripts), with `baton-handoffs`
// resolving to the sources as in bin/baton.mjs.
import { register as registerHooks } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

registerHooks('./source-condition.mjs', import.meta.url);
register();
globalThis[Symbol.for('baton-handoffs.typescript-loader')] = 'tsx';
const [entry, ...rest] = process.argv.slice(2);
if (!entry) {
  console.error('usage: run-ts <file.ts> [args...]');
  process.exit(2);
}
process.argv = [process.argv[0], resolve(entry), ...rest];
await import(pathToFileURL(resolve(entry)).href);
