import { z } from 'zod';
import { compilesSafely } from '../safe-regex.ts';

import { isLocator, LOCATOR, LOCATOR_HELP } from './locator.ts';

export { isLocator } from './locator.ts';

/** Where a rule finds a value on the span. */
const Locator = z
  .string()
  .regex(LOCATOR, `a place on the span: ${LOCATOR_HELP}`)
  .refine(validLocatorRegex, {
    message:
      'the regular expression after `name:` does not compile (RE2 syntax: no backreferences or lookaround)',
  });

/** A value written in the rule itself, the same for every span it matches. */
const Fixed = z
  .strictObject({
    value: z
      .union([z.string().min(1), z.number()])
      .describe('The fixed value, e.g. human or supervisor.'),
  })
  .describe('A fixed value instead of a place: `{ value: human }`.');

/**
 * A place on the span, or a fixed value; or a list of them, read in order until one finds a value
 * (CrewAI takes the coworker from `coworker` or `co_worker`).
 */
const Place = z.union([
  Locator,
  Fixed,
  z
    .array(z.union([Locator, Fixed]))
    .min(1)
    .describe('Places tried in order; the first that finds a value wins.'),
]);

/** Text written as it is (a code such as `delegation`), unless it reads as a place; or `{ value }`. */
const TextOrPlace = z.union([
  z.string().min(1).refine(validLocatorRegex, {
    message:
      'the regular expression after `name:` does not compile (RE2 syntax: no backreferences or lookaround)',
  }),
  Fixed,
]);

/** A snake_case reason code written as it is, or a place / fixed value. */
const ReasonOrPlace = z.union([
  z
    .string()
    .min(1)
    .refine((t) => isLocator(t) || /^[a-z][a-z0-9_]*$/.test(t), {
      message: 'a snake_case reason code such as `delegation`, or a place such as attr:<key>',
    })
    .refine(validLocatorRegex, {
      message:
        'the regular expression after `name:` does not compile (RE2 syntax: no backreferences or lookaround)',
    }),
  Fixed,
]);

/** Exact text, or a `/regex/flags` that must compile. */
const Pattern = z.string().min(1).refine(validPattern, {
  message:
    'the /regular expression/ does not compile (RE2 syntax: no backreferences or lookaround; flags i, s, m)',
});

const AttributeMatch = z.strictObject({ key: z.string().min(1), value: Pattern });

/** What a span must look like for a rule to apply (at least one of the two). */
const when = {
  name: Pattern.optional().describe('Span name, exact or a /regex/.'),
  attribute: z
    .union([AttributeMatch, z.array(AttributeMatch).min(1)])
    .optional()
    .describe(
      'An attribute the span must have (or a list, all of them), value exact or a /regex/.',
    ),
};

const Returns = z
  .union([z.literal(true), Place])
  .optional()
  .describe(
    'The call returns when the span ends: the receiver works inside it and its answer (this place, e.g. attr:output.value) comes back as a `return` event.',
  );

const HandoffFields = z.strictObject({
  to: Place.describe(`Where the target is: ${LOCATOR_HELP}, or { value: <name> }.`),
  from: Place.optional().describe('Same syntax; default: the agent acting at the span.'),
  payload: Place.optional().describe('Where the envelope is, e.g. attr:input.value.'),
  reason: ReasonOrPlace.optional().describe(
    'A reason code such as policy_gate, or where it is (same syntax as `to`).',
  ),
  returns: Returns,
});

const QuestionFields = z.strictObject({
  to: Place.optional().describe('Who is asked (default: customer): a place or { value: <name> }.'),
  by: Place.optional().describe('Who asks; default: the agent acting at the span.'),
  fields: Place.optional().describe('The facts asked for: a list, or comma-separated text.'),
  returns: Returns,
});

const EffectFields = z.strictObject({
  name: TextOrPlace.describe('The effect name, e.g. refund, or where it is.'),
  key: Place.describe('The business key, e.g. json:input.value:order_id.'),
  agent: Place.optional().describe('Who made it; default: the agent acting at the span.'),
  owner: Place.optional().describe('The only agent allowed to make it, when the case names none.'),
  outcome: Place.optional().describe('committed (default), failed or blocked, or where it is.'),
});

const MATCH_SOMETHING = {
  message: 'give `name:` or `attribute:` (or both) so the rule matches some spans, not all',
};
const matchesSomething = (r: { name?: unknown; attribute?: unknown }) =>
  r.name !== undefined || r.attribute !== undefined;

const HandoffRule = z
  .strictObject({ ...when, handoff: HandoffFields.describe('The span is a handoff.') })
  .refine(matchesSomething, MATCH_SOMETHING);
const QuestionRule = z
  .strictObject({ ...when, question: QuestionFields.describe('The span is a question.') })
  .refine(matchesSomething, MATCH_SOMETHING);
const EffectRule = z
  .strictObject({ ...when, effect: EffectFields.describe('The span is a side effect.') })
  .refine(matchesSomething, MATCH_SOMETHING);

/** Rule sets Baton ships for frameworks that mark handoffs their own way (docs/adapters/traces.md). */
export const RULE_PRESETS = ['crewai'] as const;
export type PresetName = (typeof RULE_PRESETS)[number];

const PresetRule = z.strictObject({
  preset: z.enum(RULE_PRESETS).describe('A rule set Baton ships: crewai.'),
});

/** A user rule: spans whose name or attributes match are a handoff, question or effect. */
export const RecognitionRule = z.union([HandoffRule, QuestionRule, EffectRule, PresetRule]);

/** A rule that matches spans itself (every rule but a preset reference). */
export type SpanRule = Exclude<RecognitionRule, { preset: PresetName }>;
export type RecognitionRule = z.output<typeof RecognitionRule>;
export type Place = z.output<typeof Place>;

function validPattern(text: string): boolean {
  const re = /^\/(.*)\/([a-z]*)$/s.exec(text);
  return re === null || compiles(re[1] ?? '', re[2]);
}

function validLocatorRegex(text: string): boolean {
  return !text.startsWith('name:') || compiles(text.slice(5));
}

function compiles(source: string, flags?: string): boolean {
  return compilesSafely(source, flags);
}
