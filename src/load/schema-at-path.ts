import type { JsonSchema } from './json-schemas.ts';
import type { DataPath } from './load-result.ts';

/**
 * The JSON Schema that describes the value at `path`, descending through unions by looking at the
 * data (so `gates[0].max` finds the branch whose `metric` matches). Unions at the end stay unions.
 */
export function schemaAt(root: JsonSchema, path: DataPath, data: unknown): JsonSchema | undefined {
  let node: JsonSchema | undefined = root;
  let value = data;
  for (const segment of path) {
    if (node === undefined) return undefined;
    node = child(chooseBranch(node, value), segment);
    value = isRecord(value) || Array.isArray(value) ? (value as never)[segment] : undefined;
  }
  return node;
}

/** The keys a mapping may have here (properties, or an enum of allowed property names). */
export function allowedKeys(schema: JsonSchema | undefined): string[] {
  if (schema === undefined) return [];
  const branches = unionBranches(schema) ?? [schema];
  const keys = new Set<string>();
  for (const branch of branches) {
    for (const key of Object.keys(branch.properties ?? {})) keys.add(key);
    const names = asSchema(branch.propertyNames)?.enum ?? [];
    for (const name of names) if (typeof name === 'string') keys.add(name);
  }
  return [...keys];
}

export function unionBranches(schema: JsonSchema): JsonSchema[] | undefined {
  return schema.anyOf ?? schema.oneOf;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function child(node: JsonSchema, segment: string | number): JsonSchema | undefined {
  if (typeof segment === 'number') {
    return asSchema(node.prefixItems?.[segment]) ?? asSchema(node.items);
  }
  return asSchema(node.properties?.[segment]) ?? asSchema(node.additionalProperties);
}

function chooseBranch(node: JsonSchema, value: unknown): JsonSchema {
  const branches = unionBranches(node);
  if (branches === undefined) return node;
  let best = node;
  let bestScore = 0;
  for (const branch of branches) {
    const score = fitness(branch, value);
    if (score > bestScore) [best, bestScore] = [branch, score];
  }
  // A branch may be a union itself (a shorthand beside a discriminated union): choose inside it.
  return best === node ? node : chooseBranch(best, value);
}

/** How well a union branch fits a value: type first, then discriminator constants and keys. */
function fitness(branch: JsonSchema, value: unknown): number {
  const inner = unionBranches(branch);
  if (inner !== undefined) return Math.max(0, ...inner.map((b) => fitness(b, value)));
  if (!isRecord(value)) {
    const type = Array.isArray(value) ? 'array' : typeof value;
    return branch.type === type || (type === 'number' && branch.type === 'integer') ? 1 : 0;
  }
  if (branch.type !== 'object') return 0;
  let score = 1;
  for (const [key, property] of Object.entries(branch.properties ?? {})) {
    if (!(key in value)) continue;
    const constant = asSchema(property)?.const;
    if (constant === undefined) score += 1;
    else if (constant === value[key]) score += 10;
  }
  return score;
}

function asSchema(value: unknown): JsonSchema | undefined {
  return isRecord(value) ? (value as JsonSchema) : undefined;
}
