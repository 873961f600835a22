export type { ArbitraryOptions } from './from-json-schema.ts';
export { arbitraryFromJsonSchema } from './from-json-schema.ts';
export { arbitraryFromSchema } from './from-schema.ts';
export type { JsonSchema, JsonSchemaObject } from './json-schema.ts';
export { structuralMutations } from './structural/structural-mutations.ts';
export { inputJsonSchema } from './to-input-json-schema.ts';
export { UnsupportedSchemaError } from './unsupported-schema-error.ts';
