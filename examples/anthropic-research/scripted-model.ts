/**
 * What a model following each variant's instructions answers, as Anthropic Messages API
 * bodies: the stand-in `record-cassette.ts` puts behind the real SDK to write the cassettes.
 * It reads the request the way a model would — the system prompt, the tool results so far —
 * and answers with a search, the handoff, a lookup answer, or the writer's prose.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { handoffToWriter, MODEL, RESEARCHER_PROMPT, type Variant, webSearch } from './tools.ts';

interface SearchResult {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
}

/** Per case: a lookup, or a brief whose researcher searches `searches[variant]` times first. */
type Plan =
  | { readonly kind: 'lookup'; readonly query: string }
  | {
      readonly kind: 'brief';
      readonly goal: string;
      readonly queries: readonly string[];
      readonly searches: Readonly<Record<Variant, number>>;
    };

export const PLANS: Readonly<Record<string, Plan>> = {
  'ar-heat-pumps-cold-climates': {
    kind: 'brief',
    goal: 'A 200-word brief for homeowners on heat pumps in cold climates',
    queries: ['heat pump efficiency cold winter field trial', 'cold climate heat pump standard'],
    searches: { careful: 2, hasty: 1 },
  },
  'ar-sodium-ion-grid-storage': {
    kind: 'brief',
    goal: 'A short explainer on sodium-ion batteries for grid storage, with sources',
    queries: ['sodium-ion battery grid storage'],
    searches: { careful: 1, hasty: 1 },
  },
  'ar-offshore-wind-costs': {
    kind: 'brief',
    goal: 'A summary of offshore wind costs over the last decade',
    queries: [
      'offshore wind levelised cost decade',
      'offshore turbine size trend',
      'offshore wind auctions interest rates',
    ],
    searches: { careful: 3, hasty: 1 },
  },
  'ar-source-lookup': { kind: 'lookup', query: 'cold climate heat pump specification' },
};

/** The model's answer to one request of case `caseId`; `n` numbers the answers of the case. */
export function answer(
  caseId: string,
  n: number,
  request: Anthropic.MessageCreateParams,
): Anthropic.Message {
  const plan = PLANS[caseId];
  if (!plan) throw new Error(`no plan for case ${caseId}`);
  const id = `${caseId}-${n}`;
  const variant = (Object.keys(RESEARCHER_PROMPT) as Variant[]).find(
    (v) => request.system === RESEARCHER_PROMPT[v],
  );
  if (variant === undefined) return message(id, [text(writeUp(request))]);
  const results = searchResults(request.messages);
  if (plan.kind === 'lookup') {
    const found = results[0]?.[0];
    return found
      ? message(id, [text(`Here is the link: ${found.url}`)])
      : message(id, [toolUse(id, webSearch.name, { query: plan.query })]);
  }
  const searched = results.length;
  if (searched < plan.searches[variant])
    return message(id, [
      toolUse(id, webSearch.name, { query: plan.queries[searched] ?? plan.goal }),
    ]);
  const all = results.flat();
  const findings =
    variant === 'careful'
      ? all.map((r) => ({ claim: r.snippet, source_url: r.url, confidence: 'high' }))
      : all.slice(0, 2).map((r) => ({ claim: r.snippet, confidence: 'medium' }));
  const input = {
    goal: plan.goal,
    findings,
    ...(variant === 'careful' && { constraints: { word_count: 200, tone: 'plain' } }),
  };
  return message(id, [
    text('The research is done; handing it to the writer.'),
    toolUse(id, handoffToWriter.name, input),
  ]);
}

/** The results of every web_search the conversation got back, in order. */
function searchResults(messages: readonly Anthropic.MessageParam[]): SearchResult[][] {
  const out: SearchResult[][] = [];
  for (const m of messages) {
    if (m.role !== 'user' || typeof m.content === 'string') continue;
    for (const block of m.content) {
      if (block.type !== 'tool_result' || typeof block.content !== 'string') continue;
      const parsed = JSON.parse(block.content) as { results?: SearchResult[] };
      out.push(parsed.results ?? []);
    }
  }
  return out;
}

/** The writer's prose: the goal, then each finding, cited when it has a source. */
function writeUp(request: Anthropic.MessageCreateParams): string {
  const first = request.messages[0];
  const envelope = JSON.parse(typeof first?.content === 'string' ? first.content : '{}') as {
    goal?: string;
    findings?: { claim: string; source_url?: string }[];
  };
  const lines = (envelope.findings ?? []).map((f) =>
    f.source_url ? `${f.claim} (${f.source_url})` : f.claim,
  );
  return [`# ${envelope.goal ?? 'Brief'}`, '', ...lines].join('\n');
}

function message(id: string, content: Anthropic.ContentBlock[]): Anthropic.Message {
  const usesTool = content.some((b) => b.type === 'tool_use');
  return {
    id: `msg_${id}`,
    type: 'message',
    role: 'assistant',
    model: MODEL,
    content,
    stop_reason: usesTool ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 200, output_tokens: 80 },
  } as Anthropic.Message;
}

function text(value: string): Anthropic.TextBlock {
  return { type: 'text', text: value, citations: null } as Anthropic.TextBlock;
}

function toolUse(id: string, name: string, input: object): Anthropic.ToolUseBlock {
  return { type: 'tool_use', id: `toolu_${id}`, name, input } as Anthropic.ToolUseBlock;
}

/** The same message as the Messages API streams it: server-sent events, input in JSON pieces. */
export function streamed(m: Anthropic.Message): string {
  const events: [string, object][] = [
    ['message_start', { type: 'message_start', message: { ...m, content: [], stop_reason: null } }],
  ];
  m.content.forEach((block, index) => {
    if (block.type === 'text') {
      events.push([
        'content_block_start',
        { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
      ]);
      events.push([
        'content_block_delta',
        { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } },
      ]);
    } else if (block.type === 'tool_use') {
      events.push([
        'content_block_start',
        { type: 'content_block_start', index, content_block: { ...block, input: {} } },
      ]);
      const json = JSON.stringify(block.input);
      for (let i = 0; i < json.length; i += 40)
        events.push([
          'content_block_delta',
          {
            type: 'content_block_delta',
            index,
            delta: { type: 'input_json_delta', partial_json: json.slice(i, i + 40) },
          },
        ]);
    }
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
  });
  events.push([
    'message_delta',
    {
      type: 'message_delta',
      delta: { stop_reason: m.stop_reason, stop_sequence: null },
      usage: { output_tokens: m.usage.output_tokens },
    },
  ]);
  events.push(['message_stop', { type: 'message_stop' }]);
  return events
    .map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    .join('');
}
