import { PLACEHOLDER, placeholdersIn } from '../../model/http-placeholders.ts';
import type { Case } from '../../model/labelled-case.ts';
import { describeStep, type Step } from '../../model/step.ts';

/** Values a template may name as `{{name}}`. */
export type TemplateVars = Readonly<Record<string, unknown>>;

export { SETUP_VARS, STEP_VARS } from '../../model/http-placeholders.ts';

/** The body sent when the suite gives none: everything a service needs to route one step. */
export const DEFAULT_BODY = {
  case_id: '{{case.id}}',
  run_id: '{{run.id}}',
  entry: '{{case.entry}}',
  step_index: '{{step.index}}',
  step: '{{step}}',
};

const WHOLE = /^\{\{\s*([A-Za-z0-9_.]+)\s*\}\}$/;

/** The values of one step's request; `runId` is the case run's trace id (unique per run). */
export function stepVars(
  setup: TemplateVars,
  testCase: Case,
  repeat: number,
  runId: string,
  index: number,
  step: Step,
): TemplateVars {
  return {
    ...setup,
    'case.id': testCase.id,
    'case.entry': testCase.entry,
    'case.repeat': repeat,
    'run.id': runId,
    'step.index': index,
    'step.kind': step.kind,
    'step.text': step.kind === 'customer' ? step.text : describeStep(step),
    step,
  };
}

/**
 * Fills a template. A string that is one placeholder and nothing else takes the value itself
 * (`"{{step}}"` is the step object, `"{{step.index}}"` a number); placeholders inside longer text
 * are written as text (objects as JSON). Arrays and objects are filled recursively; keys and
 * other values are kept as they are.
 */
export function render(template: unknown, vars: TemplateVars): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE.exec(template);
    if (whole?.[1] !== undefined) return vars[whole[1]];
    return template.replace(PLACEHOLDER, (_, name: string) => asText(vars[name]));
  }
  if (Array.isArray(template)) return template.map((t) => render(t, vars));
  if (template !== null && typeof template === 'object') {
    return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, render(v, vars)]));
  }
  return template;
}

/** Like render, for strings that must stay strings (URLs, headers, arguments). */
export function renderText(template: string, vars: TemplateVars): string {
  return template.replace(PLACEHOLDER, (_, name: string) => asText(vars[name]));
}

/** Fills the placeholders `vars` has and keeps the others as written (a URL before any step). */
export function fillKnown(template: string, vars: TemplateVars): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(vars, name) ? asText(vars[name]) : whole,
  );
}

function asText(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Placeholders in a template that are not in `known`, each once, in order of appearance. */
export function unknownPlaceholders(template: unknown, known: readonly string[]): string[] {
  const names = placeholdersIn(template).map((p) => p.name);
  return [...new Set(names)].filter((name) => !known.includes(name));
}

/** True when a template names `{{name}}` anywhere. */
export function mentions(template: unknown, name: string): boolean {
  return placeholdersIn(template).some((p) => p.name === name);
}
