import type { RunReport } from '../../src/model/report.ts';

/** The releases every system is evaluated under: the correct one and seven seeded bugs. */
export const RELEASES = [
  'correct',
  'late',
  'wrong-target',
  'dropped-fact',
  'double-effect',
  'bounce-then-escalate',
  'unneeded-then-missed',
  'reask',
] as const;
export type Release = (typeof RELEASES)[number];

/** The code each seeded bug must be reported as (the correct release: none). */
export const PRIMARY: Readonly<Record<Release, readonly string[]>> = {
  correct: [],
  late: ['handoff.late'],
  'wrong-target': ['handoff.wrong_target'],
  'dropped-fact': ['handoff.missing_fact'],
  'double-effect': ['effect.double'],
  'bounce-then-escalate': ['handoff.bounced'],
  'unneeded-then-missed': ['handoff.unneeded', 'handoff.missed'],
  reask: ['handoff.reask'],
};

/** `case@step code` for every finding that failed or errored, sorted; `case ERROR` for errors. */
export function failing(report: RunReport): string[] {
  return report.cases
    .flatMap((c) => [
      ...(c.status === 'error' ? [`${c.id} ERROR`] : []),
      ...c.findings
        .filter((f) => f.outcome !== 'pass')
        .map((f) => `${c.id}@${f.step ?? '-'} ${f.code}`),
    ])
    .sort();
}

/** One system's rows of the matrix: release, the bug's code, and what Baton found. */
export function matrixRows(
  system: string,
  results: ReadonlyMap<Release, readonly string[]>,
): string[] {
  return RELEASES.map((release) => {
    const found = results.get(release) ?? [];
    const counts = new Map<string, number>();
    for (const f of found) counts.set(f, (counts.get(f) ?? 0) + 1);
    const codes =
      counts.size === 0
        ? 'none'
        : [...counts]
            .map(([f, n]) => `\`${f.split(' ')[1]}\`${n > 1 ? ` ×${n}` : ''} ${f.split(' ')[0]}`)
            .join(', ');
    const primary = PRIMARY[release].map((c) => `\`${c}\``).join(' + ') || '—';
    return `| ${system} | ${release} | ${primary} | ${codes} |`;
  });
}

export const MATRIX_HEADER = [
  '| system | release | seeded bug must be | failing findings Baton reported (`code` case@step) |',
  '| --- | --- | --- | --- |',
];

/** A Markdown table's cells, trimmed, without the separator row: what survives reformatting. */
export function tableCells(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim()),
    )
    .filter((cells) => !cells.every((cell) => /^:?-+:?$/.test(cell)));
}
