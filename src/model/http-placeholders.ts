import type { HttpAdapterConfig } from './adapter-config.ts';
import type { DataPath } from './data-path.ts';

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

export const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g;

/**
 * A `{{name}}` the HTTP adapter cannot fill where it is written: a name it does not know there
 * (`known` lists those it does), or `{{port}}` with no service to start.
 */
export interface PlaceholderIssue {
  /** Inside the adapter block: `['url']`, `['body', 'step']`, `['start', 'args', 1]`. */
  readonly path: DataPath;
  readonly name: string;
  readonly problem: 'unknown' | 'port_without_start';
  readonly known: readonly string[];
}

/** Every placeholder of an HTTP adapter block that Baton cannot fill, in the block's order. */
export function placeholderIssues(config: HttpAdapterConfig): PlaceholderIssue[] {
  const s = config.start;
  const fields: [DataPath, unknown, readonly string[]][] = [
    [['url'], config.url, STEP_VARS],
    [['headers'], config.headers, STEP_VARS],
    [['body'], config.body, STEP_VARS],
  ];
  if (s) {
    fields.push(
      [['start', 'command'], s.command, []],
      [['start', 'args'], s.args, SETUP_VARS],
      [['start', 'cwd'], s.cwd, []],
      [['start', 'env'], s.env, SETUP_VARS],
      [['start', 'ready_url'], s.ready_url, SETUP_VARS],
    );
  }
  const issues: PlaceholderIssue[] = [];
  for (const [path, template, known] of fields) {
    for (const found of placeholdersIn(template, path)) {
      if (!known.includes(found.name)) issues.push({ ...found, problem: 'unknown', known });
      else if (found.name === 'port' && !s)
        issues.push({ ...found, problem: 'port_without_start', known });
    }
  }
  return issues;
}

/** Each `{{name}}` in the strings of a template (keys are not templates), with its path. */
export function placeholdersIn(
  template: unknown,
  path: DataPath = [],
): { path: DataPath; name: string }[] {
  const found: { path: DataPath; name: string }[] = [];
  const visit = (t: unknown, at: DataPath): void => {
    if (typeof t === 'string') {
      for (const m of t.matchAll(PLACEHOLDER)) found.push({ path: at, name: m[1] as string });
    } else if (Array.isArray(t)) {
      t.forEach((v, i) => {
        visit(v, [...at, i]);
      });
    } else if (t !== null && typeof t === 'object') {
      for (const [k, v] of Object.entries(t)) visit(v, [...at, k]);
    }
  };
  visit(template, path);
  return found;
}
