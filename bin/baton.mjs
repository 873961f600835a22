#!/usr/bin/env node
// Baton's CLI from the sources, for working inside this repository without a build: TypeScript
// loads through tsx, and `baton-handoffs` imports (the examples') resolve to src/ through the
// `baton-source` export condition (a `require` of it needs `node --conditions=baton-source`).
// The published `baton` bin is dist/cli/bin.js.
import { register as registerHooks } from 'node:module';
import { register as registerCjs } from 'tsx/cjs/api';
import { register } from 'tsx/esm/api';

registerHooks('./source-condition.mjs', import.meta.url);
register();
registerCjs();
// Tells Baton's TypeScript loader that .ts modules already load here.
globalThis[Symbol.for('baton-handoffs.typescript-loader')] = 'tsx';
await import('../src/cli/bin.ts');
