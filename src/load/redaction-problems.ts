import type { FileProblem } from '../errors.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { compilePattern } from '../redact/redaction.ts';
import { type Draft, place } from './draft.ts';
import type { YamlSource } from './yaml-document.ts';

/** Each `redact.patterns` entry must compile with RE2 (no backreferences, no lookaround). */
export function redactionProblems(config: ParsedSuite, source: YamlSource): FileProblem[] {
  const drafts: Draft[] = [];
  (config.redact?.patterns ?? []).forEach((pattern, i) => {
    try {
      compilePattern(pattern);
    } catch (error) {
      drafts.push({
        path: ['redact', 'patterns', i],
        at: 'value',
        message: `expected a pattern RE2 can run, received ${JSON.stringify(pattern)} (${(error as Error).message})`,
        fix: 'write exact text, or a /regex/ without backreferences or lookaround',
      });
    }
  });
  return drafts.map((d) => place(d, source));
}
