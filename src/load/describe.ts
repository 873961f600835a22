import type { JsonSchema } from './json-schemas.ts';
import { isRecord, unionBranches } from './schema-at-path.ts';
import { codeList } from './wording.ts';

/** Words for what a schema accepts: `a number from 0 to 1`, `` `none` or a list of … ``. */
export function describeExpected(schema: JsonSchema | undefined): string {
  if (schema === undefined) return 'a valid value';
  const branches = unionBranches(schema);
  if (branches !== undefined) return describeUnion(branches);
  if (schema.const !== undefined) return codeList([schema.const]);
  if (schema.enum !== undefined) return oneOf(schema.enum);
  const type = schema.type;
  if (Array.isArray(type))
    return `a ${joinOr(type.map((t) => (t === 'integer' ? 'whole number' : t)))}`;
  switch (type) {
    case 'integer':
      return `a whole number${range(schema)}`;
    case 'number':
      return `a number${range(schema)}`;
    case 'string':
      return schema.minLength ? 'a non-empty string' : 'a string';
    case 'boolean':
      return '`true` or `false`';
    case 'array':
      return describeList(schema);
    case 'object':
      return describeMapping(schema);
    default:
      return 'any value';
  }
}

/** Words for what the user wrote: `"high"`, `an empty list`, `a mapping`. */
export function describeReceived(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'an empty value';
  if (typeof value === 'string') {
    return value === '' ? 'an empty string' : JSON.stringify(truncate(value, 40));
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'an empty list';
    const scalars =
      value.length <= 5 && value.every((v) => typeof v === 'number' || typeof v === 'boolean');
    return scalars ? `[${value.join(', ')}]` : `a list of ${plural(value.length, 'item')}`;
  }
  if (isRecord(value)) return Object.keys(value).length === 0 ? 'an empty mapping' : 'a mapping';
  return String(value);
}

function joinOr(words: readonly string[]): string {
  return words.length <= 2
    ? words.join(' or ')
    : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

function describeUnion(branches: readonly JsonSchema[]): string {
  if (branches.length > 1 && branches.every((b) => b.type === 'object')) {
    const keys = [...new Set(branches.flatMap((b) => b.required?.slice(0, 1) ?? []))];
    if (keys.length === branches.length) return `a mapping with one of ${codeList(keys)}`;
  }
  return joinOr([...new Set(branches.map(describeExpected))]);
}

function oneOf(values: readonly (string | number | boolean | null)[]): string {
  return values.length === 1 ? codeList(values) : `one of ${codeList(values)}`;
}

function range(schema: JsonSchema): string {
  const min = schema.minimum;
  const max =
    schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER
      ? schema.maximum
      : undefined;
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of ${min} or more`;
  if (max !== undefined) return ` up to ${max}`;
  return '';
}

function describeList(schema: JsonSchema): string {
  const { minItems, maxItems } = schema;
  if (minItems !== undefined && minItems === maxItems)
    return `a list of exactly ${plural(minItems, 'item')}`;
  if (minItems) return `a list of at least ${plural(minItems, 'item')}`;
  return 'a list';
}

function describeMapping(schema: JsonSchema): string {
  const required = schema.required ?? [];
  if (required.length === 0) return 'a mapping';
  const shown = required.slice(0, 4).map((k) => `\`${k}\``);
  return `a mapping with ${shown.join(', ')}${required.length > 4 ? ', …' : ''}`;
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
