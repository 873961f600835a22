import type { DataPath } from './load-result.ts';

/** How deep case and suite data may nest; real files need fewer than ten levels. */
export const MAX_YAML_DEPTH = 64;

/** Something in parsed data Baton refuses to go on with: where, and why. */
export interface ShapeProblem {
  readonly path: DataPath;
  readonly kind: 'deep' | 'cycle';
}

/**
 * Walks parsed YAML data without recursion and finds the first place nested deeper than
 * MAX_YAML_DEPTH, or an alias that makes a collection contain itself. Every later step
 * (validation, templates, JSON reports) recurses over the data, so it must be bounded here.
 */
export function shapeProblem(data: unknown): ShapeProblem | undefined {
  const stack: { value: unknown; path: DataPath; ancestors: readonly object[] }[] = [
    { value: data, path: [], ancestors: [] },
  ];
  while (stack.length > 0) {
    const { value, path, ancestors } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (ancestors.includes(value)) return { path, kind: 'cycle' };
    if (path.length >= MAX_YAML_DEPTH) return { path, kind: 'deep' };
    const inner = [...ancestors, value];
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value);
    for (const [key, child] of entries)
      stack.push({ value: child, path: [...path, key], ancestors: inner });
  }
  return undefined;
}

/**
 * The line where YAML text first nests deeper than `limit`, estimated from indentation and
 * flow brackets: used only to place the problem when the parser itself ran out of stack.
 */
export function deepLine(text: string, limit: number = MAX_YAML_DEPTH): number {
  const indents: number[] = [];
  let flow = 0;
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    const content = line.trimStart();
    if (content === '' || content.startsWith('#')) continue;
    const indent = line.length - content.length;
    while (indents.length > 0 && (indents.at(-1) ?? 0) >= indent) indents.pop();
    indents.push(indent);
    const dashes = /^(?:[-?:]\s+)+/.exec(content)?.[0].replace(/\s/g, '').length ?? 0;
    for (const ch of content) {
      if (ch === '[' || ch === '{') flow++;
      else if ((ch === ']' || ch === '}') && flow > 0) flow--;
    }
    if (indents.length + dashes + flow > limit) return i + 1;
  }
  return 1;
}
