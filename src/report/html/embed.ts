import { jsonText } from '../../json-text.ts';

/**
 * JSON safe inside `<script type="application/json">`: `<` is escaped so no text in the data
 * (a payload holding `</script>`) can end the element, and U+2028/2029 so older parsers agree.
 */
export function embedJson(value: unknown): string {
  const text = jsonText(value) ?? 'null';
  return text
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
