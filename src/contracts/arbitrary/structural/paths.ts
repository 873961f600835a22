import type { Envelope } from '../../types.ts';

/** A field's place in an envelope: keys from the top, `['customer', 'id']`. */
export type FieldPath = readonly string[];

/** The name a rejection should use for the field: `customer.id`. */
export function dotted(path: FieldPath): string {
  return path.join('.');
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object at `path`, or undefined when something on the way is missing or not an object. */
export function objectAt(root: Envelope, path: FieldPath): Record<string, unknown> | undefined {
  let node: unknown = root;
  for (const key of path) {
    if (!isPlainObject(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return isPlainObject(node) ? node : undefined;
}

/** Whether the field at `path` is present (its parent object exists and has the key). */
export function hasField(root: Envelope, path: FieldPath): boolean {
  const parent = objectAt(root, path.slice(0, -1));
  const key = path.at(-1);
  return parent !== undefined && key !== undefined && Object.hasOwn(parent, key);
}

/** A copy of `root` with the field at `path` set (value) or removed (no value). */
export function withField(root: Envelope, path: FieldPath, ...value: [unknown] | []): Envelope {
  const [key, ...rest] = path;
  if (key === undefined) return root;
  const copy: Envelope = { ...root };
  if (rest.length > 0) {
    copy[key] = withField(isPlainObject(root[key]) ? root[key] : {}, rest, ...value);
  } else if (value.length === 1) {
    copy[key] = value[0];
  } else {
    delete copy[key];
  }
  return copy;
}

/** The value of the field at `path`; undefined when absent. */
export function fieldAt(root: Envelope, path: FieldPath): unknown {
  const key = path.at(-1);
  return key === undefined ? root : objectAt(root, path.slice(0, -1))?.[key];
}
