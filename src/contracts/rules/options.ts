/**
 * Option checks for rule factories: a bad option is a programming error in a contract definition,
 * so it throws at definition time (YAML contracts are validated by their schema first).
 */
export function wholeNumber(rule: string, option: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new Error(
      `Failed to build rule ${rule}: \`${option}\` must be a whole number of at least ${min}, received ${value}. Pass a value like ${Math.max(min, 1)}.`,
    );
  }
  return value;
}

/** A non-empty envelope field name. */
export function fieldName(rule: string, value: string): string {
  if (value === '') {
    throw new Error(`Failed to build rule ${rule}: \`field\` must be a field name, received ''.`);
  }
  return value;
}
