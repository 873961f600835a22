/**
 * `target[key] = value` as an own field, also for a key named `__proto__`: on a plain object
 * that assignment would set the prototype instead, and the field (data parsed from JSON, a
 * payload an implementation sent) would be lost.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else target[key] = value;
}
