import type { FileProblem } from '../errors.ts';
import type { CaseProblem } from '../model/labelled-case.ts';
import { place, valueAt, withFix } from './draft.ts';
import type { DataPath } from './load-result.ts';
import { sortByPosition } from './problem-order.ts';
import { closestMatch } from './suggest.ts';
import { caseSay, say } from './wording.ts';
import type { YamlSource } from './yaml-document.ts';

/** Positions the problems `resolveCase` finds (names, step numbers) and adds a fix to each. */
export function caseProblems(problems: readonly CaseProblem[], source: YamlSource): FileProblem[] {
  const placed = problems.map((p) =>
    place(
      { path: p.path, at: 'value', message: p.message, ...withFix(fixFor(p.path, source.data)) },
      source,
    ),
  );
  return sortByPosition(placed);
}

function fixFor(path: DataPath, data: unknown): string | undefined {
  const field = path.findLast((s) => typeof s === 'string');
  const value = String(valueAt(data, path));
  const list = (key: string) => {
    const names = valueAt(data, ['participants', key]);
    return Array.isArray(names) ? names.map(String) : [];
  };
  const agents = list('agents');
  const persons = list('persons');
  switch (field) {
    case 'at':
    case 'window': {
      const steps = valueAt(data, ['steps']);
      return caseSay.stepRange(Array.isArray(steps) ? steps.length : 0);
    }
    case 'contains':
      return caseSay.containsWords;
    case 'trace_id':
      return caseSay.oneTraceRef;
    case 'entry':
      return suggest(value, agents) ?? caseSay.entry(agents);
    case 'who':
      return suggest(value, persons) ?? caseSay.addPerson(value);
    case 'from':
    case 'to':
    case 'alternatives':
    case 'agent':
    case 'owner':
      return suggest(value, [...agents, ...persons]) ?? caseSay.addParticipant(value);
    default:
      return undefined;
  }
}

function suggest(value: string, names: readonly string[]): string | undefined {
  const meant = closestMatch(value, names);
  return meant === undefined ? undefined : say.didYouMean(meant);
}
