const MAX_LENGTH = 500;

/**
 * A short description of anything that was thrown, that never throws itself: implementations
 * may throw `Object.create(null)`, an object whose `toString` or `message` getter throws, a
 * Symbol, or an Error with a megabyte message. `Name: message` for errors, the text otherwise.
 */
export function describeThrown(value: unknown): string {
  const text = attempt(() => describe(value)) ?? 'a value that cannot be printed';
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}… (cut)` : text;
}

function describe(value: unknown): string {
  if (value instanceof Error) {
    const name = attempt(() => String(value.name)) ?? 'Error';
    const message = attempt(() => String(value.message));
    return message ? `${name}: ${message}` : name;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value !== 'object' || value === null) return String(value);
  const message = attempt(() => (value as { message?: unknown }).message);
  if (typeof message === 'string' && message !== '') return message;
  const text = attempt(() => String(value));
  if (text !== undefined && text !== '[object Object]') return text;
  const json = attempt(() => JSON.stringify(value));
  return json && json !== '{}' ? json : `an object (${kind(value)})`;
}

function kind(value: object): string {
  const proto = attempt(() => Object.getPrototypeOf(value));
  if (proto === null) return 'with no prototype';
  const name = attempt(() => (proto as { constructor?: { name?: unknown } }).constructor?.name);
  return typeof name === 'string' && name !== '' ? name : 'unnamed';
}

function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
