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
 * and CI annotations can point at the label a finding judges.
 */
export function casePositions(source: YamlSource): CasePositions {
  const data = source.data;
  const expect = isRecord(data) && isRecord(data.expect) ? data.expect : undefined;
  // A JSON-lines case is on one line: no need to parse it again for positions.
  const one = source.line;
  const line = (path: DataPath) => one ?? source.locate(path).line;
  const keyLine = (path: DataPath) => one ?? source.locateKey(path).line;
  const handoffs = listAt(expect, 'handoffs').map((h, i) => {
    const carry: Record<string, number> = {};
    if (isRecord(h) && isRecord(h.carry)) {
      for (const fact of Object.keys(h.carry)) {
        carry[fact] = keyLine(['expect', 'handoffs', i, 'carry', fact]);
      }
    }
    return { line: line(['expect', 'handoffs', i]), carry };
  });
  return {
    id: keyLine(['id']),
    ...(expect && { expect: keyLine(['expect']) }),
    steps: listAt(data, 'steps').map((_, i) => line(['steps', i])),
    handoffs,
    effects: listAt(expect, 'effects').map((_, i) => line(['expect', 'effects', i])),
    ...(expect?.max_hops !== undefined && { maxHops: keyLine(['expect', 'max_hops']) }),
    ...(expect?.ownership !== undefined && { ownership: keyLine(['expect', 'ownership']) }),
    ...(isRecord(data) && data.trace !== undefined && { trace: keyLine(['trace']) }),
  };
}
