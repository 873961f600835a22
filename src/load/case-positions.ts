import type { CasePositions } from '../model/labelled-case.ts';
import type { DataPath } from './load-result.ts';
import type { YamlSource } from './yaml-document.ts';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function listAt(data: unknown, key: string): unknown[] {
  const v = isRecord(data) ? data[key] : undefined;
  return Array.isArray(v) ? v : [];
}

/**
 * The lines of a case's id, steps and labels in its file, read from the parsed YAML, so reports
 * and CI annotations can point at the label a finding judges. Helpers are module functions, not
 * closures made per case: this runs once for every case of a suite.
 */
export function casePositions(source: YamlSource): CasePositions {
  const data = source.data;
  const expect = isRecord(data) && isRecord(data.expect) ? data.expect : undefined;
  const handoffs = listAt(expect, 'handoffs');
  const positions: Mutable<CasePositions> = {
    id: keyLine(source, ['id']),
    ...(expect && { expect: keyLine(source, ['expect']) }),
    steps: lines(source, listAt(data, 'steps'), 'steps'),
    handoffs: handoffs.map((h, i) => ({
      line: line(source, ['expect', 'handoffs', i]),
      carry: carryLines(source, h, i),
    })),
    effects: lines(source, listAt(expect, 'effects'), 'expect', 'effects'),
  };
  if (expect?.max_hops !== undefined) positions.maxHops = keyLine(source, ['expect', 'max_hops']);
  if (expect?.ownership !== undefined)
    positions.ownership = keyLine(source, ['expect', 'ownership']);
  if (isRecord(data) && data.trace !== undefined) positions.trace = keyLine(source, ['trace']);
  if (isRecord(data) && data.entry !== undefined) positions.entry = keyLine(source, ['entry']);
  if (isRecord(data) && data.faults !== undefined) positions.faults = keyLine(source, ['faults']);
  return positions;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

// A JSON-lines case is on one line (`source.line`): no need to parse it again for positions.
function line(source: YamlSource, path: DataPath): number {
  return source.line ?? source.locate(path).line;
}

function keyLine(source: YamlSource, path: DataPath): number {
  return source.line ?? source.locateKey(path).line;
}

/** The line of each item of the list at `...at`. */
function lines(source: YamlSource, items: readonly unknown[], ...at: string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < items.length; i++) out.push(line(source, [...at, i]));
  return out;
}

function carryLines(source: YamlSource, h: unknown, i: number): Record<string, number> {
  const carry: Record<string, number> = {};
  if (isRecord(h) && isRecord(h.carry))
    for (const fact of Object.keys(h.carry))
      carry[fact] = keyLine(source, ['expect', 'handoffs', i, 'carry', fact]);
  return carry;
}
