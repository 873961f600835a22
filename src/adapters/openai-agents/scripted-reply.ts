import type { AgentOutputItem } from '@openai/agents';

/** Tool or handoff arguments: an object (sent as JSON) or raw text (to script broken JSON). */
export type ScriptedArgs = Readonly<Record<string, unknown>> | string;

/**
 * One scripted model reply. `agent` (optional) is the agent that must be calling the model;
 * a mismatch fails the case. Exactly one of:
 * - `say`: the agent answers with this text (the turn ends);
 * - `handoff`: the agent calls the handoff tool to this agent (by agent name), with `args`;
 * - `call`: the agent calls this function tool, with `args`;
 * - `output`: raw SDK output items, for anything else (parallel calls, reasoning items).
 */
export type ScriptedReply =
  | { readonly agent?: string; readonly say: string }
  | { readonly agent?: string; readonly handoff: string; readonly args?: ScriptedArgs }
  | { readonly agent?: string; readonly call: string; readonly args?: ScriptedArgs }
  | { readonly agent?: string; readonly output: readonly AgentOutputItem[] };

/** The replies of a case, per step: `steps[k]` are the model calls of step k's turn, in order. */
export interface Script {
  readonly steps: readonly (readonly ScriptedReply[] | undefined)[];
}

/** The agent answers with text. */
export function say(agent: string, text: string): ScriptedReply {
  return { agent, say: text };
}

/** The agent hands off to `to` (an agent name) with these arguments. */
export function handoffTo(agent: string, to: string, args?: ScriptedArgs): ScriptedReply {
  return { agent, handoff: to, ...(args !== undefined && { args }) };
}

/** The agent calls the function tool `tool` with these arguments. */
export function call(agent: string, tool: string, args?: ScriptedArgs): ScriptedReply {
  return { agent, call: tool, ...(args !== undefined && { args }) };
}

/** One line describing a reply, for error messages. */
export function describeReply(reply: ScriptedReply): string {
  const who = reply.agent === undefined ? '' : `${reply.agent} `;
  if ('say' in reply) return `${who}says ${JSON.stringify(truncate(reply.say))}`;
  if ('handoff' in reply) return `${who}hands off to ${reply.handoff}`;
  if ('call' in reply) return `${who}calls ${reply.call}`;
  return `${who}returns ${reply.output.length} raw output item(s)`;
}

export function argsText(args: ScriptedArgs | undefined): string {
  if (args === undefined) return '{}';
  return typeof args === 'string' ? args : JSON.stringify(args);
}

function truncate(text: string): string {
  return text.length <= 40 ? text : `${text.slice(0, 39)}…`;
}
