#!/usr/bin/env node
// Baton's command line (the package's `baton` bin).
import { main } from './main.ts';

const code = await main(process.argv.slice(2));
// An implementation that timed out may still hold timers or sockets: the verdict is in, so
// exit once the output has drained instead of waiting for them.
const drained = (stream: NodeJS.WriteStream) =>
  new Promise<void>((done) => (stream.writableNeedDrain ? stream.once('drain', done) : done()));
await Promise.all([drained(process.stdout), drained(process.stderr)]);
process.exit(code);
