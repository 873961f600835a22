#!/usr/bin/env node
// Baton's command line (the package's `baton` bin).
import module from 'node:module';

// Taken before any implementation loads: one may replace process.exit while its case runs.
const exit = process.exit.bind(process);

// Node 22.1 and later keep the code they compile for Baton's modules between runs (in the OS's
// temporary folder, or where NODE_COMPILE_CACHE points; NODE_DISABLE_COMPILE_CACHE=1 turns it
// off): a run starts without compiling Baton again. Turned on before Baton's modules load.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { main } = await import('./main.ts');

// A reader that goes away (`baton run | head`) is not a crash: the rest of the output is dropped.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

const code = await main(process.argv.slice(2));
// Output to a pipe is written asynchronously: exit only once every queued byte reached the pipe
// (an empty write calls back after all writes before it). An implementation that timed out may
// still hold timers or sockets, so exit explicitly instead of waiting for them.
const flushed = (stream: NodeJS.WriteStream) =>
  new Promise<void>((done) => (stream.writable ? stream.write('', () => done()) : done()));
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
exit(code);
