import { textTable } from '../report/format.ts';
import type { DeployVerdict } from './can-i-deploy.ts';
import type { Cell } from './matrix.ts';

/** `✓ 3/3`, `✗ 0/3`, `? no contract`. */
function cellText(c: Cell | undefined): string {
  if (!c) return '·';
  if (c.verdict === 'no_contract') return `? no contract (${c.envelopes})`;
  return `${c.verdict === 'compatible' ? '✓' : '✗'} ${c.accepted}/${c.envelopes}`;
}

/** One table per edge: sender versions down, receiver versions across, with the first problem. */
export function renderMatrix(name: string, cells: readonly Cell[]): string {
  const edges = [...new Set(cells.map((c) => `${c.sender} → ${c.receiver}`))].sort();
  const out = [`Contract compatibility  ${name}`];
  if (edges.length === 0) out.push('', 'No recorded handoff reaches a receiver with contracts.');
  for (const edge of edges) {
    const mine = cells.filter((c) => `${c.sender} → ${c.receiver}` === edge);
    const receiver = mine[0]?.receiver ?? '';
    const columns = [...new Set(mine.map((c) => c.receiverVersion))].sort(byVersion);
    const rows = [...new Set(mine.map((c) => c.senderVersion))].sort(byVersion);
    const sender = mine[0]?.sender ?? '';
    const table = [
      ['', ...columns.map((v) => `${receiver} ${v}`)],
      ...rows.map((v) => [
        `${sender} ${v}`,
        ...columns.map((col) =>
          cellText(mine.find((c) => c.senderVersion === v && c.receiverVersion === col)),
        ),
      ]),
    ];
    out.push('', edge, ...textTable(table).map((l) => `  ${l}`));
    for (const c of mine.filter((x) => x.problem)) {
      out.push(
        `  ✗ ${c.sender} ${c.senderVersion} → ${c.receiver} ${c.receiverVersion}: ${c.problem?.text} (trace ${c.problem?.traceId})`,
      );
    }
  }
  return `${out.join('\n')}\n`;
}

/** The answer to "can this version be deployed against what is live", with each check. */
export function renderVerdict(v: DeployVerdict): string {
  const live = Object.entries(v.live)
    .map(([n, ver]) => `${n} ${ver}`)
    .join(', ');
  const lines = [
    `Can ${v.name} ${v.version} be deployed against what is live (${live || 'nothing'})?`,
  ];
  if (v.unknown) lines.push(`  ✗ ${v.unknown}`);
  for (const c of v.checks) {
    const how =
      c.role === 'receiver'
        ? `receives from ${c.other} ${c.otherVersion}`
        : `sends to ${c.other} ${c.otherVersion}`;
    lines.push(`  ${c.ok ? '✓' : '✗'} ${how}: ${c.reason}`);
  }
  if (!v.unknown && v.checks.length === 0)
    lines.push('  ✓ no live participant exchanges handoffs with it in the recordings');
  const failed = v.checks.filter((c) => !c.ok).length;
  lines.push(
    v.deployable
      ? `YES  ${v.name} ${v.version} can be deployed`
      : `NO  ${v.name} ${v.version} cannot be deployed${failed > 0 ? `: ${failed} of ${v.checks.length} checks failed` : ''}`,
  );
  return `${lines.join('\n')}\n`;
}

/** Versions in numeric order where they are numbers (1.10 after 1.9), else by text. */
function byVersion(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}
