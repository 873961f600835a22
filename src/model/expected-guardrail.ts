/** A case's expected guardrail trip (`expect.guardrail`) as the checks read it: no schema here. */

/** The word that accepts whichever guardrail trips. */
export const ANY_GUARDRAIL = 'any';

/** `expect.guardrail` as the schema reads it. */
export type WrittenGuardrail =
  | string
  | {
      readonly name?: string | undefined;
      readonly at?: number | undefined;
      readonly window?: readonly [number, number] | undefined;
    };

/** A guardrail trip the case expects: the run must stop there, and that stop is its pass. */
export interface ExpectedGuardrail {
  /** The guardrail that must trip; absent: any guardrail. */
  readonly name?: string;
  /** Steps (inclusive) where it must trip; absent: any step. */
  readonly window?: readonly [number, number];
}

/** `expect.guardrail` as written → the label, checking its steps exist. */
export function toExpectedGuardrail(
  input: WrittenGuardrail | undefined,
  stepCount: number,
  problems: { path: readonly (string | number)[]; message: string }[],
): ExpectedGuardrail | undefined {
  if (input === undefined) return undefined;
  const { name, at, window } = typeof input === 'string' ? { name: input } : input;
  const steps = window ?? (at === undefined ? undefined : ([at, at] as const));
  if (steps !== undefined && steps[1] >= stepCount) {
    problems.push({
      path: ['expect', 'guardrail', window ? 'window' : 'at'],
      message: `step ${steps[1]} does not exist: the case has steps 0 to ${stepCount - 1}`,
    });
  }
  return {
    ...(name !== undefined && name !== ANY_GUARDRAIL && { name }),
    ...(steps !== undefined && { window: [steps[0], steps[1]] as const }),
  };
}
