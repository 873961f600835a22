/**
 * The words of load problems, kept apart from the logic that finds them (so they can be read,
 * reviewed and pinned in tests in one place).
 */

const LONG_LIST = 10;

/** `a`, `b` or `c` */
export function codeList(
  items: readonly (string | number | boolean | null)[],
  joiner = 'or',
): string {
  const quoted = items.map((i) => `\`${i}\``);
  if (quoted.length <= 1) return quoted.join('');
  // A long list hides the answer: show the first few and say how many there are.
  if (quoted.length > LONG_LIST)
    return `${quoted.slice(0, LONG_LIST - 2).join(', ')}, … (${quoted.length} in all)`;
  return `${quoted.slice(0, -1).join(', ')} ${joiner} ${quoted.at(-1)}`;
}

export const say = {
  mismatch: (expected: string, received: string) => `expected ${expected}, received ${received}`,
  changeTo: (target: string, expected: string) => `change ${target} to ${expected}`,
  writeValue: (key: string) => `write a value after \`${key}:\``,
  unquote: (value: string) => `remove the quotes around ${value} so it reads as a number`,
  quote: (value: string) => `put it in quotes (\`"${value}"\`) so YAML reads it as text`,
  missing: (key: string, expected: string) => `missing \`${key}\`: expected ${expected}`,
  add: (key: string, parent: string, about: string | undefined) =>
    `add \`${key}: …\`${parent ? ` under \`${parent}\`` : ' at the top level'}${about ? ` (${about})` : ''}`,
  unknownKey: (key: string) => `unknown key \`${key}\``,
  unknownSelector: (key: string, keys: readonly string[]) =>
    `unknown key \`${key}\`: expected one of ${codeList(keys)}`,
  didYouMean: (word: string) => `did you mean \`${word}\`?`,
  removeOrUse: (allowed: readonly string[]) =>
    allowed.length > 0 ? `remove it, or use one of ${codeList(allowed)}` : 'remove it',
  useOneOf: (options: readonly (string | number | boolean | null)[]) =>
    `use one of ${codeList(options)}`,
  onlyOneOf: (keys: readonly string[], present: readonly string[]) =>
    `expected exactly one of ${codeList(keys)}, received ${codeList(present, 'and')} together`,
  keepOne: 'keep only one of them',
  emptyFile: 'an empty file',
  noneOf: (keys: readonly string[], received: string) =>
    `expected one of ${codeList(keys)}, received ${received}`,
} as const;

/** Hints for a place in a file, matched by path pattern (`[]` is any index, `*` any key). */
export interface PlaceHint {
  readonly pattern: string;
  /** Replaces the generic fix for any problem at this place. */
  readonly fix?: string;
  /** Replaces message and fix when the received value is an empty list. */
  readonly emptyList?: { readonly message: string; readonly fix: string };
  /** Replaces message and fix of a refinement (custom) problem. */
  readonly custom?: {
    readonly message: (value: unknown, received: string) => string;
    readonly fix: string;
  };
  /** The fix when a mapping has more than one of a union's keys. */
  readonly manyKeys?: string;
}

const PLACE_FIX =
  'write a place on the span (`attr:<key>`, `json:<key>:<dotted path>`, `name` or `name:<regex>`), or a fixed value such as `{ value: human }`';
const RETURNS_FIX =
  'write `returns: true`, or the place of the answer that comes back, such as `attr:output.value`';

const STEP_FORMS =
  '`- customer: <text>`, `- tool: { name: <tool> }`, `- signal: { confidence: 0.4 }` or `- person: { who: <person>, decision: <decision> }`';

export const PLACE_HINTS: readonly PlaceHint[] = [
  { pattern: '', fix: 'write the fields as `key: value` lines at the top level of the file' },
  {
    pattern: 'steps[]',
    fix: `write each step as one of ${STEP_FORMS}`,
    manyKeys: 'split it into separate steps, one of these keys each',
  },
  {
    pattern: 'expect.handoffs',
    fix: 'write `handoffs: none`, or list them like `- { from: triage, to: refunds, at: 1 }`',
    emptyList: {
      message: 'expected at least one handoff, received an empty list',
      fix: 'write `handoffs: none` when no handoff must happen',
    },
  },
  {
    pattern: 'expect.handoffs[]',
    custom: {
      message: (value) =>
        `expected exactly one of \`at\` or \`window\`, received ${hasBoth(value, 'at', 'window') ? 'both' : 'neither'}`,
      fix: 'write `at: <step>` for a single step or `window: [first, last]` for a range',
    },
  },
  {
    pattern: 'expect.handoffs[].window',
    custom: {
      message: (_value, received) =>
        `expected [first, last] with first <= last, received ${received}`,
      fix: 'swap the two numbers so the first step comes first',
    },
  },
  {
    pattern: 'expect.handoffs[].carry.*',
    fix: 'write the value (`order_id: A-1001`), `{ equals: A-1001 }` or `{ contains: A-1001 }`',
    manyKeys: 'keep one: `equals` looks under the key, `contains` anywhere in the text',
  },
  {
    pattern: 'expect.effects[]',
    custom: {
      message: () => 'expected at most one of `at` or `window`, received both',
      fix: 'write `at: <step>` for a single step or `window: [first, last]` for a range',
    },
  },
  {
    pattern: 'expect.effects[].window',
    custom: {
      message: (_value, received) =>
        `expected [first, last] with first <= last, received ${received}`,
      fix: 'swap the two numbers so the first step comes first',
    },
  },
  {
    pattern: 'expect.guardrail',
    fix: 'write the guardrail’s name (`guardrail: abuse_filter`), `any`, or `{ name: abuse_filter, at: <step> }`',
    custom: {
      message: () => 'expected at most one of `at` or `window`, received both',
      fix: 'write `at: <step>` for a single step or `window: [first, last]` for a range',
    },
  },
  {
    pattern: 'expect.guardrail.window',
    custom: {
      message: (_value, received) =>
        `expected [first, last] with first <= last, received ${received}`,
      fix: 'swap the two numbers so the first step comes first',
    },
  },
  {
    pattern: 'expect.tools',
    fix: 'write `tools: none`, a list like `- lookup_order` or `- { tool: issue_refund, args: { order_id: A-1001 } }`, or `{ match: strict, calls: [...] }`',
  },
  {
    pattern: 'facts.*',
    fix: 'list how people ask for the fact, e.g. `order_id: ["order number", "order id"]`',
  },
  {
    pattern: 'checks.reason',
    fix: 'write `reason: true` to judge labelled reasons, or `{ require: true }` to also fail handoffs that state none',
  },
  {
    pattern: 'adapter.recognize[]',
    custom: {
      message: () => 'a rule needs `name:` or `attribute:` (or both), or it would match every span',
      fix: 'add `name: <span name or /regex/>` or `attribute: { key: <attribute>, value: <value or /regex/> }`',
    },
    fix: 'write a rule as `{ name: …, handoff: { to: … } }` (or `question:`, `effect:`), or `{ preset: crewai }`',
  },
  {
    pattern: 'adapter.recognize[].handoff.reason',
    custom: {
      message: (_value, received) =>
        `expected a snake_case reason code or a place, received ${received}`,
      fix: 'write the code in snake_case (e.g. `delegation`), or a place such as `attr:<key>`',
    },
  },
  { pattern: 'adapter.recognize[].*.returns', fix: RETURNS_FIX },
  { pattern: 'adapter.recognize[].handoff.*', fix: PLACE_FIX },
  { pattern: 'adapter.recognize[].question.*', fix: PLACE_FIX },
  { pattern: 'adapter.recognize[].effect.*', fix: PLACE_FIX },
  {
    pattern: 'checks.*',
    fix: 'write `false` to turn the check off, or `{}` to run it with default options',
  },
];

function hasBoth(value: unknown, a: string, b: string): boolean {
  return typeof value === 'object' && value !== null && a in value && b in value;
}

export const fileSay = {
  notFound: 'file not found',
  notFoundFix: 'check the path; relative paths are resolved against the current folder',
  isFolder: 'expected a file, received a folder',
  isFolderFix: 'pass a .yaml file here, or use `baton validate <folder>` to check a whole folder',
  unreadable: (code: string) => `could not read the file (${code})`,
  unreadableFix: 'check that the file exists and that you may read it',
  notRegular: (kind: string) => `expected a file, received ${kind}`,
  notRegularFix: 'pass a regular .yaml file; Baton does not read from pipes, sockets or devices',
  tooLarge: (bytes: number, limit: number) =>
    `the file is ${(bytes / 1024 / 1024).toFixed(1)} MiB, more than the ${limit / 1024 / 1024} MiB a case or suite file may be`,
  tooLargeFix:
    'split it into several case files, or keep large data (recorded traces) in trace files',
  notUtf8: 'the file is not valid UTF-8',
  notUtf8Fix: 'save the file as UTF-8 (your editor’s “encoding” setting)',
  notYaml:
    'not a YAML file, so Baton did not read it (suite files end in .yaml or .yml; case files in .yaml, .yml or .jsonl)',
  notYamlFix: 'point the glob or path at .yaml/.yml files only, e.g. `cases/**/*.yaml`',
  tooDeep: (limit: number) => `invalid YAML: nested more than ${limit} levels deep`,
  tooDeepFix: 'flatten the structure; case and suite files need only a few levels',
  circular: 'invalid YAML: an alias refers to a collection that contains it (a cycle)',
  circularFix:
    'copy the values instead of the alias, or point the alias at a collection outside itself',
} as const;

/** Fixes for what `resolveCase` finds after the schema passed. */
export const caseSay = {
  stepRange: (count: number) =>
    `use a step from 0 to ${count - 1} (steps count from 0), or add the missing steps`,
  entry: (agents: readonly string[]) =>
    `set \`entry\` to one of ${codeList(agents)}, or remove it to start with the first agent`,
  addPerson: (name: string) => `add \`${name}\` to \`participants.persons\`, or correct the name`,
  containsWords: 'write the identifier or phrase to look for, e.g. `contains: A-1001`',
  oneTraceRef:
    'keep `trace_id` to label that one trace, or `conversation_id` to label every trace of the conversation, and remove the other',
  noTraceFile:
    'a case’s `trace.file` is relative to the case file: fix the path, or remove it to read the suite’s `adapter.files`',
  addParticipant: (name: string) =>
    `add \`${name}\` to \`participants.agents\` (or \`persons\`), or correct the name`,
  isSuite: 'this is a suite file, not a case',
  isSuiteFix:
    "narrow the suite's `cases.include` to its case files (e.g. `cases/*.yaml`), or list this file in `cases.exclude`",
} as const;

/** Problems found while selecting a suite's cases. */
export const suiteSay = {
  noMatch: (pattern: string, excluding: boolean) =>
    `expected \`${pattern}\` to match case files, received no file${excluding ? ' (after `exclude`)' : ''}`,
  noMatchFix: (folder: string) =>
    `check the pattern: it is relative to the suite's folder (${folder}), e.g. \`../cases/**/*.yaml\``,
  duplicateId: (id: string, first: string) =>
    `expected a unique case id, received "${id}", already used in ${first}`,
  duplicateIdFix: 'give each case its own `id` (the id names the case in reports and filters)',
  nothingSelected: (loaded: number) =>
    `expected at least one case to run, received none of the ${loaded} loaded cases after the tag and id filters`,
  unknownCaseId: (pattern: string, cases: number) =>
    `--case ${pattern}: ${pattern.includes('*') ? 'matches no case id' : 'no case has this id'} (of the ${cases} cases the suite includes)`,
  idsHolding: (pattern: string, ids: readonly string[], starting: boolean) =>
    `use one of the ids that ${starting ? 'begin with' : 'hold'} it, ${codeList(ids)}, or all of them with \`--case '${starting ? '' : '*'}${pattern}*'\``,
  isCase: 'this is a case file, not a suite',
  isCaseFix:
    'pass the suite that includes it (baton run <suite>), or check the case with baton validate',
  nothingSelectedFix:
    'check `cases.tags` and `cases.exclude_tags`, and the case ids and tags asked for on the command line',
} as const;
