/** How a recognition rule names a place on a span; read at run time, so no schema here. */
export const LOCATOR = /^(attr:.+|json:[^:]+:.+|name|name:.+)$/s;
export const LOCATOR_HELP =
  'attr:<key>, json:<attr key>:<dotted path>, name (group 1 of the rule’s name regex) or name:<regex> (its group 1)';

/** True for text written as a place on the span rather than as a literal code. */
export function isLocator(text: string): boolean {
  return LOCATOR.test(text);
}
