/**
 * Thrown when a schema uses something Baton cannot turn into values or mutations faithfully.
 * Failing loudly beats generating "valid" envelopes that the contract would refuse.
 */
export class UnsupportedSchemaError extends Error {
  override readonly name = 'UnsupportedSchemaError';
  readonly code = 'contract.unsupported_schema';

  constructor(
    /** The construct at fault: a JSON Schema keyword (`not`, `format: jwt`) or a zod feature. */
    readonly construct: string,
    /** JSON pointer into the JSON Schema, e.g. `#/properties/customer/properties/id`. */
    readonly schemaPath: string,
    why: string,
    fix: string,
  ) {
    super(
      `Failed to derive values from the contract schema: ${construct} at ${schemaPath} ${why}. ${fix}`,
    );
  }
}
