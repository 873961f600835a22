/** Part types that carry text: GenAI `text`, OpenAI Responses `input_text` / `output_text`. */
const TEXT_PARTS = new Set(['text', 'input_text', 'output_text']);

/**
 * The text of a chat message: `content` as text, or its text parts joined (`parts` in the GenAI
 * conventions, a `content` list in OpenAI's and Anthropic's shapes). Tool calls, images and other
 * typed parts carry no text and are left out.
 */
export function messageText(m: Record<string, unknown>): string {
  if (typeof m.content === 'string') return m.content;
  const parts = Array.isArray(m.parts) ? m.parts : Array.isArray(m.content) ? m.content : [];
  return parts
    .map((p) => {
      const part = p as { type?: unknown; content?: unknown; text?: unknown };
      if (part.type !== undefined && !TEXT_PARTS.has(String(part.type))) return '';
      return typeof part.content === 'string'
        ? part.content
        : typeof part.text === 'string'
          ? part.text
          : '';
    })
    .filter(Boolean)
    .join(' ');
}
