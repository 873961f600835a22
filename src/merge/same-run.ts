import type { RunReport } from '../model/report.ts';
import { type CheckedShard, type MergedCase, refuse } from './shard-report.ts';

const json = (v: unknown) => JSON.stringify(v ?? null);

/** What must be the same in every shard of one run, with how to put it right. */
const SAME: readonly {
  readonly what: string;
  readonly of: (r: Omit<RunReport, 'cases'>) => unknown;
  readonly fix: string;
}[] = [
  {
    what: 'Baton version',
    of: (r) => r.run?.baton,
    fix: 'Run every shard with the same Baton (pin baton-handoffs in package.json and use npm ci).',
  },
  {
    what: 'suite',
    of: (r) => r.suite.name,
    fix: 'Merge the shards of one suite at a time.',
  },
  {
    what: 'suite variant',
    of: (r) => r.suite.variant,
    fix: 'Merge the shards of one variant at a time.',
  },
  {
    what: 'suite settings (fingerprint)',
    of: (r) => r.basis?.suite,
    fix: 'Run every shard from the same commit of the suite file.',
  },
  {
    what: 'commit',
    of: (r) => r.run?.git?.commit,
    fix: 'Run every shard on the same commit (a CI matrix over one checkout does).',
  },
  {
    what: 'shard count',
    of: (r) => r.run?.shard?.total,
    fix: 'Give every shard the same n in --shard i/n.',
  },
  { what: '--repeat', of: (r) => r.repeat, fix: 'Run every shard with the same --repeat.' },
  {
    what: '--strict',
    of: (r) => r.basis?.strict,
    fix: 'Run every shard with or without --strict.',
  },
  {
    what: 'filters (--case, --tag)',
    of: (r) => r.run?.filters,
    fix: 'Run every shard with the same filters.',
  },
];

function shown(v: unknown): string {
  return v === undefined ? 'none' : typeof v === 'string' ? v : JSON.stringify(v);
}

/** Every shard agrees with the first on what makes them parts of one run. */
export function checkSame(shards: readonly CheckedShard<MergedCase>[]): void {
  const [first, ...rest] = shards;
  if (!first) return;
  for (const s of rest) {
    for (const field of SAME) {
      const a = field.of(first.report);
      const b = field.of(s.report);
      // A commit unknown to one side (outside git) proves nothing either way.
      if (field.what === 'commit' && (a === undefined || b === undefined)) continue;
      if (json(a) === json(b)) continue;
      throw refuse(
        `${first.file} and ${s.file} differ in their ${field.what} (${shown(a)} and ${shown(b)})`,
        field.fix,
      );
    }
  }
}
