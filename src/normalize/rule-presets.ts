import { lastMemo } from '../last-memo.ts';
import type { PresetName, SpanRule } from '../model/recognition-rule.ts';
import { parseJson, str } from './attrs.ts';
import type { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

/** Turns a name a rule read (an LLM-written coworker) into the name the trace's agents use. */
export type AgentNamer = (name: string, span: SpanRecord, index: SpanIndex) => string;

/** One rule of a shipped preset, with a label for reports. */
export interface PresetRule {
  readonly label: string;
  readonly rule: SpanRule;
  readonly agentName?: AgentNamer;
}

const TOOL = { key: 'openinference.span.kind', value: 'TOOL' };
// CrewAI's own tool names, and the snake_case names its native function calling gives them.
const DELEGATE = '/^(Delegate work to coworker|delegate_work_to_coworker)$/';
const ASK = '/^(Ask question to coworker|ask_question_to_coworker)$/';
// CrewAI reads the coworker from either argument name.
const COWORKER = ['json:input.value:coworker', 'json:input.value:co_worker'];

/**
 * The rule sets Baton ships. `crewai`: openinference-instrumentation-crewai in both its modes
 * (wrappers and event listener) writes each tool call as a TOOL span named `<tool>.run` with the
 * tool in `tool.name` and its arguments as JSON in `input.value`. "Delegate work to coworker"
 * is a handoff that runs the coworker inside the call and returns its answer; "Ask question to
 * coworker" is a question to that coworker, answered the same way.
 */
export const PRESETS: Readonly<Record<PresetName, readonly PresetRule[]>> = {
  crewai: [
    {
      label: 'Delegate work to coworker',
      rule: {
        attribute: [TOOL, { key: 'tool.name', value: DELEGATE }],
        handoff: {
          to: COWORKER,
          payload: 'attr:input.value',
          reason: 'delegation',
          returns: 'attr:output.value',
        },
      },
      agentName: crewRole,
    },
    {
      label: 'Ask question to coworker',
      rule: {
        attribute: [TOOL, { key: 'tool.name', value: ASK }],
        question: { to: COWORKER, returns: 'attr:output.value' },
      },
      agentName: crewRole,
    },
  ],
};

/** The crew roles of a trace by their sanitized names. */
const rolesByIndex = lastMemo((index: SpanIndex) => {
  const roles = new Map<string, string>();
  for (const s of index.spans) for (const role of rolesOn(s)) roles.set(sanitize(role), role);
  return roles;
});

/**
 * The crew role a coworker name stands for, matched as CrewAI matches it: whitespace collapsed,
 * quotes dropped, case ignored, the first of a `[a, b]` list. Roles come from the kickoff span's
 * `crew_agents` and the agent spans' `graph.node.id`; an unknown name is kept as written.
 */
function crewRole(name: string, _span: SpanRecord, index: SpanIndex): string {
  const roles = rolesByIndex(index);
  const first = /^\[(.*)\]$/s.exec(name.trim())?.[1]?.split(',')[0] ?? name;
  return roles.get(sanitize(first)) ?? first.replace(/"/g, '').trim();
}

function rolesOn(span: SpanRecord): string[] {
  const node = str(span.attributes, 'graph.node.id');
  const crew = str(span.attributes, 'crew_agents');
  const listed = crew === undefined ? undefined : parseJson(crew);
  const roles = Array.isArray(listed)
    ? listed.flatMap((a) => (typeof a?.role === 'string' ? [a.role as string] : []))
    : [];
  return node === undefined ? roles : [node, ...roles];
}

function sanitize(name: string): string {
  return name.split(/\s+/).filter(Boolean).join(' ').replace(/"/g, '').toLowerCase();
}
