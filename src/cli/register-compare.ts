import { type Command, InvalidArgumentError } from 'commander';
import type { CliIo } from './io.ts';
import { list } from './list-flag.ts';

function whole(min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min)
      throw new InvalidArgumentError(`expected a whole number of ${min} or more.`);
    return n;
  };
}

/** `baton compare <baseline> <candidate>`. */
export function registerCompare(cli: Command, io: CliIo, setExit: (code: number) => void): void {
  cli
    .command('compare')
    .description(
      'compare two saved report.json files: cases that broke or were fixed, rates with intervals, paired differences, exact McNemar tests; gates decide the exit code',
    )
    .argument('<baseline>', 'the report.json to compare against (e.g. from main)')
    .argument('<candidate>', 'the report.json of the proposed change')
    .option(
      '--config <file>',
      'YAML with the comparison settings (gates, seed, resamples, alpha), as in a suite’s compare: block',
    )
    .option(
      '--out <dir>',
      'write compare.json and compare.md here (default: beside the candidate report)',
    )
    .option(
      '--reporter <names>',
      'console, json, md, github (repeat the flag or separate by commas; github is on by default in GitHub Actions)',
      list,
    )
    .option('--seed <n>', 'seed of the paired bootstrap (default 1)', whole(-(2 ** 31)))
    .option('--resamples <n>', 'bootstrap resamples (default 2000)', whole(100))
    .option('--verbose', 'list unchanged cases too')
    .option('--no-color', 'no colour in the console report')
    .addHelpText(
      'after',
      '\nExit codes: 0 every comparison gate passed, 1 a gate failed, 2 usage or file errors.\nDefault gates: no_new_failures and no errored candidate case. See docs/compare.md.',
    )
    .action(async (baseline: string, candidate: string, flags) =>
      setExit(
        await (await import('./compare-command.ts')).compareCommand(baseline, candidate, flags, io),
      ),
    );
}

/** `baton can-i-deploy <compat.yaml>`. */
export function registerCanIDeploy(cli: Command, io: CliIo, setExit: (code: number) => void): void {
  cli
    .command('can-i-deploy')
    .description(
      'contract compatibility matrix: which sender versions’ recorded envelopes each receiver version accepts; with --deploy, whether a version can go live',
    )
    .argument(
      '<file>',
      'the compatibility file (envelopes, receivers and their contracts, live versions)',
    )
    .option('--deploy <name@version>', 'the version to deploy, e.g. refunds@2.0.0')
    .option(
      '--live <name=version>',
      'override what is live, e.g. triage=3.2.0 (repeat the flag or separate by commas)',
      list,
    )
    .option('--json', 'print the matrix and verdicts as JSON')
    .addHelpText(
      'after',
      '\nExit codes: 0 yes (or the live versions agree), 1 no, 2 usage or file errors. See docs/compare.md.',
    )
    .action(async (file: string, flags) =>
      setExit(await (await import('./can-i-deploy-command.ts')).canIDeployCommand(file, flags, io)),
    );
}
