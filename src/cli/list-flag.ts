import { InvalidArgumentError } from 'commander';

/**
 * A repeatable list flag: `--tag a --tag b` or `--tag a,b`. Never variadic, so a flag can never
 * swallow the suite paths that follow it (`run --tag x suite.yaml` runs suite.yaml).
 */
export function list(value: string, previous: readonly string[] | undefined): string[] {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0)
    throw new InvalidArgumentError('expected a value, or values separated by commas.');
  return [...(previous ?? []), ...items];
}
