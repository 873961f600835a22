import type Anthropic from '@anthropic-ai/sdk';

/** How the research desk is set up: `careful` as designed, `hasty` after a "save a turn" change. */
export type Variant = 'careful' | 'hasty';

/** The researcher's search tool; the application runs it, its results arrive as case steps. */
export const webSearch: Anthropic.Tool = {
  name: 'web_search',
  description: 'Search the web. Returns results with a title, a URL and a snippet.',
  input_schema: {
    type: 'object',
    properties: { query: { type: 'string', description: 'What to search for.' } },
    required: ['query'],
  },
};

const claim = { type: 'string' };
const confidence = { type: 'string', enum: ['high', 'medium', 'low'] };
const sourceUrl = { type: 'string', description: 'Where the claim comes from, for the citation.' };

/** The handoff tool, with the schema of one finding. */
function handoffTool(finding: object): Anthropic.Tool {
  return {
    name: 'handoff_to_writer',
    description:
      'Hand the research to the writer agent when it is complete: the writing task and the findings, each with its source.',
    input_schema: {
      type: 'object',
      properties: {
        goal: { type: 'string', description: 'What the writer must produce.' },
        findings: {
          type: 'array',
          items: finding,
          description: 'The findings the writer must use.',
        },
        constraints: {
          type: 'object',
          properties: { word_count: { type: 'number' }, tone: { type: 'string' } },
        },
      },
      required: ['goal', 'findings'],
    },
  };
}

/**
 * The handoff: the researcher calls it with its findings when the research is done, and the
 * application passes the input — not the conversation — to the writer.
 */
export const handoffToWriter = handoffTool({
  type: 'object',
  properties: { claim, source_url: sourceUrl, confidence },
  required: ['claim', 'source_url', 'confidence'],
});

/** The hasty variant's handoff: "the writer does not need URLs", so the schema lost them. */
export const hastyHandoffToWriter = handoffTool({
  type: 'object',
  properties: { claim, confidence },
  required: ['claim', 'confidence'],
});

export const RESEARCHER_PROMPT: Record<Variant, string> = {
  careful:
    'You are a research agent. Search with web_search. When you have at least three findings, each with the URL of its source, call handoff_to_writer. Answer a request for a single link yourself.',
  hasty:
    'You are a research agent. Search with web_search, then call handoff_to_writer with what the first search found, to save a turn. Answer a request for a single link yourself.',
};

export const WRITER_PROMPT =
  'You are a writing specialist. Write clear, well-structured prose using only the findings provided, and cite each source.';

export const MODEL = 'claude-sonnet-5';
