/** A tool call's arguments (JSON text) as an object; undefined when they are not a JSON object. */
export function parseArgs(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The identity key of an effect from its tool arguments: the value at the dotted `path`, or,
 * without a path, the first argument named `id` or ending in `_id`. `?` when there is none, so
 * the effect is still counted (under an unknown key) rather than dropped.
 */
export function effectKey(args: Record<string, unknown> | undefined, path?: string): string {
  if (args === undefined) return '?';
  const value = path === undefined ? firstId(args) : at(args, path);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '?';
}

function at(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function firstId(args: Record<string, unknown>): unknown {
  const name = Object.keys(args).find((k) => k === 'id' || k.endsWith('_id'));
  return name === undefined ? undefined : args[name];
}
