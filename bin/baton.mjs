#!/usr/bin/env node
// Baton's command line. TypeScript sources load through tsx, so there is no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
const code = await main(process.argv.slice(2));
// An implementation that timed out may still hold timers or sockets: the verdict is in, so
// exit once the output has drained instead of waiting for them.
const drained = (stream) =>
  new Promise((done) => (stream.writableNeedDrain ? stream.once('drain', done) : done()));
await Promise.all([drained(process.stdout), drained(process.stderr)]);
process.exit(code);
