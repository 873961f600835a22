import type { FileProblem } from '../errors.ts';
import type { AdapterConfig } from '../model/adapter-config.ts';
import { type PlaceholderIssue, placeholderIssues, STEP_VARS } from '../model/http-placeholders.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { variantNames } from '../model/variants.ts';
import { type Draft, place } from './draft.ts';
import type { DataPath } from './load-result.ts';
import { closestMatch } from './suggest.ts';
import type { YamlSource } from './yaml-document.ts';

/**
 * `{{placeholders}}` an HTTP adapter block (the suite's or a variant's) names that Baton cannot
 * fill where they stand, each at its value with a did-you-mean: found by `validate`, and by
 * `run` before anything starts.
 */
export function httpPlaceholderProblems(config: ParsedSuite, source: YamlSource): FileProblem[] {
  const blocks: [DataPath, AdapterConfig][] = [[['adapter'], config.adapter]];
  for (const name of variantNames(config)) {
    const adapter = config.variants?.[name]?.adapter;
    if (adapter) blocks.push([['variants', name, 'adapter'], adapter]);
  }
  const drafts: Draft[] = [];
  for (const [at, adapter] of blocks) {
    if (adapter.type !== 'http') continue;
    for (const issue of placeholderIssues(adapter)) drafts.push(draftOf(issue, at));
  }
  return drafts.map((d) => place(d, source));
}

function draftOf(issue: PlaceholderIssue, at: DataPath): Draft {
  const path = [...at, ...issue.path];
  const name = `{{${issue.name}}}`;
  if (issue.problem === 'port_without_start') {
    return {
      path,
      at: 'value',
      message: `${name} is the port Baton picks for a service it starts, and there is no \`adapter.start\``,
      fix: "write the service's port, or add `adapter.start`",
    };
  }
  if (issue.known.length === 0) {
    return {
      path,
      at: 'value',
      message: `unknown placeholder ${name}: Baton fills none in \`start.command\` or \`start.cwd\``,
      fix: 'write the value out',
    };
  }
  const meant = closestMatch(issue.name, issue.known);
  const perRequest = (STEP_VARS as readonly string[]).includes(issue.name);
  return {
    path,
    at: 'value',
    message: perRequest
      ? `${name} has a value in each request (url, headers, body), not when the service starts`
      : `unknown placeholder ${name}`,
    fix:
      meant !== undefined
        ? `did you mean {{${meant}}}?`
        : `use one of ${issue.known.map((k) => `{{${k}}}`).join(', ')}`,
  };
}
