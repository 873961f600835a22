import { type Command, InvalidArgumentError } from 'commander';
import type { CliIo } from './io.ts';
import { list } from './list-flag.ts';

function count(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError('expected a whole number of 1 or more.');
  return n;
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65_535)
    throw new InvalidArgumentError('expected a port from 0 to 65535 (0 picks a free one).');
  return n;
}

/** `baton shadow` and `baton traces stats`; each loads its code only when it runs. */
export function registerShadow(cli: Command, io: CliIo, setExit: (code: number) => void): void {
  cli
    .command('shadow')
    .description(
      'run the suite’s adapter as a candidate beside live traffic (OTLP/HTTP or a Collector file) until stopped',
    )
    .argument('<suite>', 'the suite whose adapter is the candidate')
    .option('--port <n>', 'OTLP/HTTP port to receive traces on (default 4319)', port)
    .option('--host <address>', 'address to listen on (default 127.0.0.1)')
    .option('--file <path>', 'follow this JSON-lines file a Collector file exporter writes instead')
    .option('--from-start', 'with --file: read what the file already holds, too')
    .option('--once', 'with --file: read it to its end, compare, report and exit')
    .option('--max-conversations <n>', 'stop once this many conversations have finished', count)
    .option('--out <dir>', 'report folder (default: <reports.dir>/shadow)')
    .option('--concurrency <n>', 'candidate runs at once (default: the suite’s)', count)
    .option('--no-color', 'no colour in the console report')
    .action(async (suite: string, flags) => {
      const { shadowCommand } = await import('./shadow-command.ts');
      setExit(await shadowCommand(suite, flags, io));
    });
  cli
    .command('traces')
    .description('look at recorded traces without labels')
    .command('stats')
    .description(
      'production handoff metrics of OTLP/JSON trace files (ping-pong, re-asks, waits, overrides, hops)',
    )
    .argument(
      '[files...]',
      'OTLP/JSON or JSON-lines files (default: the --suite traces adapter’s files)',
    )
    .option(
      '--suite <file>',
      'read the traces by this suite’s rules (its traces adapter or shadow.live) and persons',
    )
    .option('--steps <rule>', 'customer_turns, agent_turns or root_children')
    .option(
      '--persons <names>',
      'receivers that are people or people’s queues (repeat or separate with commas)',
      list,
    )
    .option(
      '--json <file>',
      'also write the metrics as JSON (`-` prints JSON instead of the table)',
    )
    .action(async (files: string[], flags) => {
      const { statsCommand } = await import('./traces-stats-command.ts');
      setExit(await statsCommand(files, flags, io));
    });
}
