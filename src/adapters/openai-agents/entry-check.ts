import { BatonError, type FileProblem } from '../../errors.ts';
import type { DataPath } from '../../model/data-path.ts';
import type { SuiteCases, SuiteSetupInfo } from '../suite-cases.ts';
import { agentsOf, entryAgent, type GetHandoff } from './agent-graph.ts';
import type { AnyAgent } from './app.ts';
import { nameOf } from './map-spans.ts';
import type { MappingRules } from './options.ts';

/** The app's agent graph and how the suite names it, checked against the suite's cases. */
export interface EntryCheck {
  readonly start: AnyAgent;
  readonly getHandoff: GetHandoff;
  readonly rules: MappingRules;
  readonly cases: SuiteCases;
  /** `adapter.path` as the suite writes it. */
  readonly given: string;
  /** The suite file as shown to the user. */
  readonly suiteFile: string;
  readonly lineOf?: SuiteSetupInfo['lineOf'];
}

/**
 * The error to report once, at setup, when no case enters at an agent of the graph (after
 * `agent_names`): the suite names the agents otherwise than the app, and every case would fail
 * the same way. Undefined when some fit: then a case whose `entry` names no agent is that
 * case's own mistake, and errors alone.
 */
export function entryMismatch(check: EntryCheck): BatonError | undefined {
  const participant = (sdkName: string) => nameOf(sdkName, check.rules);
  const missing = [...check.cases.entries].filter(
    ([entry]) => !entryAgent(check.start, entry, participant, check.getHandoff),
  );
  if (missing.length === 0 || missing.length < check.cases.entries.size) return undefined;
  const sdkNames = agentsOf(check.start, check.getHandoff).map((a) => a.name);
  const shown = sdkNames.map(participant);
  const enters = missing.map(([entry, use]) => {
    const more = use.count > use.ids.length ? ', …' : '';
    const cases = `${use.count} case${use.count === 1 ? '' : 's'}: ${use.ids.join(', ')}${more}`;
    return `${entry} (${cases})`;
  });
  const where: DataPath = [
    'adapter',
    'options',
    ...(check.rules.names.size > 0 ? ['agent_names'] : []),
  ];
  const line = check.lineOf?.(where) ?? check.lineOf?.(['adapter']);
  const problem: FileProblem = {
    file: check.suiteFile,
    ...(line !== undefined && { line }),
    path: where.join('.'),
    message: `no agent of ${check.given} is named ${missing.map(([entry]) => entry).join(' or ')}`,
    fix: fixFor(
      check,
      sdkNames,
      missing.map(([entry]) => entry),
    ),
  };
  return new BatonError(
    'adapter.options',
    `Failed to start the agents app ${check.given}: the cases enter at ${enters.join(' and ')}, but its agents are ${shown.join(', ')}.`,
    [problem],
  );
}

/** A mapping of SDK names to the cases' participants, when the names differ only in spelling. */
function fixFor(check: EntryCheck, sdkNames: readonly string[], missing: readonly string[]) {
  const wanted = new Set([...check.cases.agents, ...check.cases.entries.keys()]);
  const byLoose = new Map([...wanted].map((p) => [loose(p), p]));
  const mapping: [string, string][] = [];
  for (const sdkName of sdkNames) {
    const now = nameOf(sdkName, check.rules);
    const to = wanted.has(now) ? now : byLoose.get(loose(sdkName));
    if (to !== undefined && to !== sdkName) mapping.push([sdkName, to]);
  }
  const mapped = new Set(mapping.map(([, to]) => to));
  if (mapping.length === 0 || !missing.every((m) => mapped.has(m))) {
    return 'name the agents as the cases do, or map each SDK agent name to the participant the cases use: agent_names: { "<SDK name>": <participant> } under adapter.options';
  }
  const pairs = mapping.map(([from, to]) => `${JSON.stringify(from)}: ${to}`).join(', ');
  return `map the SDK agent names to the participants the cases use: agent_names: { ${pairs} } under adapter.options`;
}

/** `Front Desk`, `front_desk` and `frontDesk` are one name. */
function loose(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}
