import { lastMemo } from '../last-memo.ts';
import { str } from './attrs.ts';
import { MAX_ANCESTORS, type SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

/** OpenInference's span kind and the metadata the LangChain instrumentor copies from LangGraph. */
const KIND = 'openinference.span.kind';
const METADATA = 'metadata';
const AGENT_NAME = 'agent.name';

/** The LangGraph node a span ran as (`langgraph_node` in its OpenInference metadata), if any. */
function nodeOf(span: SpanRecord): string | undefined {
  const metadata = str(span.attributes, METADATA);
  if (metadata === undefined || !metadata.includes('langgraph_node')) return undefined;
  try {
    const node = (JSON.parse(metadata) as { langgraph_node?: unknown }).langgraph_node;
    return typeof node === 'string' && node !== '' ? node : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The agents of a LangGraph multi-agent graph traced by the OpenInference LangChain instrumentor:
 * each node of the outermost graph (a CHAIN span named as its `langgraph_node`, under the graph's
 * own span) that runs a model inside it — a swarm's or a supervisor's agents, each a subgraph
 * with its own `agent` and `tools` nodes. By span id, the agent's name: the `agent.name` of an
 * AGENT span inside, else the node's. A trace with no such spans (any other) has none.
 */
export const langGraphAgents = lastMemo((index: SpanIndex): ReadonlyMap<string, string> => {
  const top = new Map<string, string>();
  for (const s of index.spans) {
    if (str(s.attributes, KIND) !== 'CHAIN') continue;
    const node = nodeOf(s);
    if (node === undefined || node !== s.name) continue;
    const parent = index.parent(s);
    if (parent !== undefined && nodeOf(parent) !== undefined) continue;
    top.set(s.spanId, node);
  }
  if (top.size === 0) return top;
  const agents = new Map<string, string>();
  for (const s of index.spans) {
    const kind = str(s.attributes, KIND);
    if (kind !== 'LLM' && kind !== 'AGENT') continue;
    // An AGENT span inside that names its agent names the node's agent too.
    const named = kind === 'AGENT' ? str(s.attributes, AGENT_NAME) : undefined;
    let up: SpanRecord | undefined = s;
    for (let hops = 0; up && hops <= MAX_ANCESTORS; hops++, up = index.parent(up)) {
      const node = top.get(up.spanId);
      if (node === undefined) continue;
      if (named !== undefined) agents.set(up.spanId, named);
      else if (!agents.has(up.spanId)) agents.set(up.spanId, node);
      break;
    }
  }
  return agents;
});

/** The LangGraph agent node a span runs inside (see `langGraphAgents`), if any. */
export function langGraphAgentOf(span: SpanRecord, index: SpanIndex): string | undefined {
  const agents = langGraphAgents(index);
  if (agents.size === 0) return undefined;
  return index.nearest(span, (s) => agents.get(s.spanId));
}
