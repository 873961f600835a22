import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { MAX_CONCURRENCY, MAX_NUM_RUNS, MAX_REPEAT } from '../model/limits.ts';
import { terminalText } from '../report/terminal-text.ts';
import { describeThrown } from '../thrown.ts';
import { DEFAULT_SUITE, DEFAULT_VALIDATE } from './defaults.ts';
import { type CliIo, EXIT, processIo } from './io.ts';
import { list } from './list-flag.ts';
import { isBatonError, printError } from './print-problems.ts';
import { registerCanIDeploy, registerCompare } from './register-compare.ts';
import { registerShadow } from './register-shadow.ts';
import { parseShard } from './shard.ts';
import { batonVersion } from './version.ts';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError('expected a whole number of 1 or more.');
  return n;
}

function upTo(max: number): (value: string) => number {
  return (value) => {
    const n = positiveInt(value);
    if (n > max) throw new InvalidArgumentError(`expected a whole number from 1 to ${max}.`);
    return n;
  };
}

function integer(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n)) throw new InvalidArgumentError('expected a whole number.');
  return n;
}

function program(io: CliIo, setExit: (code: number) => void): Command {
  const cli = new Command('baton')
    .description(
      'Replay labelled cases against a handoff implementation and gate CI on the verdicts.',
    )
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .version(batonVersion(), '-V, --version', 'print the version')
    .showHelpAfterError('(run baton --help for usage)');
  cli
    .command('run')
    .description(`run suites (default: ${DEFAULT_SUITE}) and write reports`)
    .argument('[suites...]', 'suite files')
    .option(
      '--case <ids>',
      'only these case ids (`*` wildcards allowed); repeat the flag or separate with commas',
      list,
    )
    .option(
      '--tag <tags>',
      'only cases with any of these tags; repeat or separate with commas',
      list,
    )
    .option(
      '--out <dir>',
      'write reports here (default: the suite’s reports.dir or reports/<suite name>)',
    )
    .option(
      '--reporter <names>',
      'console, json, md, html, junit, github; repeat or separate with commas (github is on by default in GitHub Actions)',
      list,
    )
    .option(
      '--shard <i/n>',
      'run the i-th of n slices of the cases (for parallel CI jobs)',
      parseShard,
    )
    .option(
      '--watch',
      're-run the affected cases when a case, suite or implementation file changes',
    )
    .option('--repeat <n>', 'run each case n times; pass^k gates use it', upTo(MAX_REPEAT))
    .option('--concurrency <n>', 'cases in flight at once', upTo(MAX_CONCURRENCY))
    .option(
      '--property <id>',
      'run only this envelope property (`<contract>:<property>`, `->` for `→`)',
    )
    .option(
      '--seed <n>',
      'seed for the envelope properties (replays a failure with --path)',
      integer,
    )
    .option(
      '--path <path>',
      'replay the counterexample at this fast-check path (cases are skipped)',
    )
    .option('--num-runs <n>', 'envelopes per property', upTo(MAX_NUM_RUNS))
    .option(
      '--clock <ms>',
      'the clock envelope properties measure from (a replay repeats it)',
      integer,
    )
    .option(
      '--baseline <report>',
      'compare this run with a saved report.json (compare.json, compare.md)',
    )
    .option(
      '--strict',
      'a recognition or step rule that matches no span, or an effect rule that misses a like tool or request, is an error (exit 2), not a warning',
    )
    .option('--verbose', 'list passing cases too')
    .option('--no-color', 'no colour in the console report')
    .action(async (suites: string[], flags) => {
      // Each command loads its code when it runs, so `baton --help` starts fast.
      const command = flags.watch
        ? (await import('./watch/watch-command.ts')).watchCommand
        : (await import('./run-command.ts')).runCommand;
      setExit(await command(suites, flags, io));
    });
  cli
    .command('report')
    .description('render a report.json a run wrote (default: report.html beside it)')
    .argument('<report>', 'a report.json')
    .option('--against <report>', 'another run of the same cases: timelines side by side')
    .option(
      '--reporter <names>',
      'html, md, junit, json, console, github; repeat or separate with commas (default: html)',
      list,
    )
    .option('--out <dir>', 'write here (default: the report’s folder)')
    .action(async (file: string, flags) => {
      const { reportCommand } = await import('./report-command.ts');
      setExit(await reportCommand(file, flags, io));
    });
  cli
    .command('merge')
    .description('combine the report.json files of `baton run --shard i/n` into one run’s reports')
    .argument('<reports...>', 'the shards’ report.json files')
    .option('--out <dir>', 'write the merged reports here (default: reports/<suite name>)')
    .option(
      '--reporter <names>',
      'console, json, md, html, junit, github; repeat or separate with commas (default: the suite’s)',
      list,
    )
    .option(
      '--allow-partial',
      'merge even when shards are missing (the result is partial and fails)',
    )
    .option('--verbose', 'list passing cases too')
    .option('--no-color', 'no colour in the console report')
    .action(async (files: string[], flags) => {
      const { mergeCommand } = await import('./merge-command.ts');
      setExit(await mergeCommand(files, flags, io));
    });
  cli
    .command('init')
    .description('scaffold a suite, two cases, an adapter and a CI workflow here')
    .option('--force', 'overwrite files that exist')
    .option(
      '--adapter <type>',
      'module (a module of your own, the default), langgraph (a graph), openai-agents (SDK agents) or http (a service)',
    )
    .action(async (flags: { force?: boolean; adapter?: string }) => {
      const { initCommand } = await import('./init/init-command.ts');
      setExit(await initCommand(flags, io));
    });
  registerCompare(cli, io, setExit);
  registerCanIDeploy(cli, io, setExit);
  registerShadow(cli, io, setExit);
  cli
    .command('validate')
    .description(`check case and suite files without running them (default: ${DEFAULT_VALIDATE})`)
    .argument('[paths...]', 'files or folders')
    .action(async (paths: string[]) => {
      const { validateCommand } = await import('./validate-command.ts');
      setExit(await validateCommand(paths, io));
    });
  return cli;
}

/** Runs the CLI; returns the exit code instead of exiting, so tests can call it in-process. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  let exit: number = EXIT.ok;
  try {
    await program(io, (code) => {
      exit = code;
    }).parseAsync([...argv], { from: 'user' });
    return exit;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (isBatonError(error)) {
      printError(io, error);
      return EXIT.usage;
    }
    io.stderr(
      `baton: internal error: ${terminalText(describeThrown(error))}\nThis is a bug in Baton; please report it with the command you ran.\n`,
    );
    return EXIT.noVerdict;
  }
}
