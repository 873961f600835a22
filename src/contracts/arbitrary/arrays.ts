import * as fc from 'fast-check';
import { type BuildContext, buildAt, type MaybeArbitrary } from './build-context.ts';
import { type JsonSchemaObject, numberAt, schemaAt, schemaListAt } from './json-schema.ts';
import { UnsupportedSchemaError } from './unsupported-schema-error.ts';

/** Arrays honouring prefixItems (tuples), items, minItems, maxItems and uniqueItems. */
export function arrayArbitrary(node: JsonSchemaObject, ctx: BuildContext): MaybeArbitrary {
  const prefix = schemaListAt(node, 'prefixItems').map((s, i) => buildAt(ctx, s, 'prefixItems', i));
  const minItems = numberAt(node, 'minItems') ?? 0;
  const maxItems = numberAt(node, 'maxItems');
  const items = schemaAt(node, 'items') ?? true;
  const itemArb = buildAt(ctx, items, 'items');
  if (prefix.length === 0) return restArbitrary(node, itemArb, minItems, maxItems, ctx.path);
  if (node.uniqueItems === true) {
    throw new UnsupportedSchemaError(
      'uniqueItems with prefixItems',
      ctx.path,
      'is not supported',
      'Drop uniqueItems from the tuple.',
    );
  }
  // Trailing tuple items may be absent (zod's optional tuple elements): shorter tuples end there.
  const shortest = Math.min(prefix.length, minItems);
  const options: fc.Arbitrary<unknown[]>[] = [];
  for (let length = shortest; length < prefix.length; length++) {
    const head = prefix.slice(0, length);
    if (head.every((a) => a !== undefined)) options.push(fc.tuple(...head));
  }
  const restMax = maxItems === undefined ? undefined : maxItems - prefix.length;
  const rest = restArbitrary(
    node,
    itemArb,
    Math.max(0, minItems - prefix.length),
    restMax,
    ctx.path,
  );
  if (prefix.every((a) => a !== undefined) && rest) {
    options.push(fc.tuple(fc.tuple(...prefix), rest).map(([head, tail]) => [...head, ...tail]));
  }
  return options.length === 0 ? undefined : fc.oneof(...options);
}

function restArbitrary(
  node: JsonSchemaObject,
  itemArb: MaybeArbitrary,
  minLength: number,
  maxLength: number | undefined,
  path: string,
): fc.Arbitrary<unknown[]> | undefined {
  if (maxLength !== undefined && maxLength < minLength) {
    throw new UnsupportedSchemaError('minItems/maxItems', path, 'allow no length', 'Check them.');
  }
  if (!itemArb) return minLength === 0 ? fc.constant([]) : undefined;
  const lengths = { minLength, ...(maxLength === undefined ? {} : { maxLength }) };
  if (node.uniqueItems !== true) return fc.array(itemArb, lengths);
  return fc.uniqueArray(itemArb, { ...lengths, selector: canonicalJson });
}

/** JSON text with sorted keys: equal JSON values (as uniqueItems compares them) get equal keys. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
