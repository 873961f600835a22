/** Thrown inside a property to fail it with a message and the data a report shows. */
export class PropertyViolation extends Error {
  override readonly name = 'PropertyViolation';
  constructor(
    message: string,
    readonly detail: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}
