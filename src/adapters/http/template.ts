import type { Case } from '../../model/labelled-case.ts';
import { describeStep, type Step } from '../../model/step.ts';

/** Values a template may name as `{{name}}`. */
export type TemplateVars = Readonly<Record<string, unknown>>;

/** Placeholders known once Baton's receiver and the service port exist (setup). */
export const SETUP_VARS = ['port', 'otlp.endpoint', 'otlp.traces_endpoint'] as const;

/** Placeholders of a request: the setup ones plus the case run and the step being sent. */
export const STEP_VARS = [
  ...SETUP_VARS,
  'case.id',
  'case.entry',
  'case.repeat',
  'run.id',
  'step.index',
  'step.kind',
  'step.text',
  'step',
] as const;

/** The body sent when the suite gives none: everything a service needs to route one step. */
export const DEFAULT_BODY = {
  case_id: '{{case.id}}',
  run_id: '{{run.id}}',
  entry: '{{case.entry}}',
  step_index: '{{step.index}}',
  step: '{{step}}',
};

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g;
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

function asText(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Placeholders in a template that are not in `known`, in order of appearance. */
export function unknownPlaceholders(template: unknown, known: readonly string[]): string[] {
  const found: string[] = [];
  const visit = (t: unknown): void => {
    if (typeof t === 'string') {
      for (const m of t.matchAll(PLACEHOLDER)) {
        const name = m[1] as string;
        if (!known.includes(name) && !found.includes(name)) found.push(name);
      }
    } else if (Array.isArray(t)) t.forEach(visit);
    else if (t !== null && typeof t === 'object') Object.values(t).forEach(visit);
  };
  visit(template);
  return found;
}

/** True when a template names `{{name}}` anywhere. */
export function mentions(template: unknown, name: string): boolean {
  return unknownPlaceholders(template, []).includes(name);
}
