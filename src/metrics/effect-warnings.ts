import type { RecognitionCount, RunWarning } from '../model/report.ts';

/**
 * The warning for an effect rule or label that matched nothing in the whole run, if `c` is one.
 * An unmatched rule is one only when the run showed a like name (the tool a misspelt rule meant,
 * a request that missed its endpoint), and then an error under `--strict`: a right implementation
 * may never call a tool that must not be called, and a run of some cases (`--case`) may not reach
 * one, so a rule that merely matched nothing says nothing. A label stays a warning: the
 * implementation may emit its effect itself (`emitEffect`) and simply not have.
 */
export function effectWarning(
  c: RecognitionCount,
  file: string,
  strict: boolean,
): RunWarning | undefined {
  if (c.spans > 0 || c.of === 0) return undefined;
  if (c.source !== 'label' && c.near === undefined) return undefined;
  const severity = strict && c.near !== undefined ? 'error' : 'warning';
  const at = { file: c.file ?? file, ...(c.line !== undefined && { line: c.line }) };
  switch (c.source) {
    case 'tool':
      return { code: 'effects.unmatched', severity, ...at, ...unmatchedTool(c) };
    case 'endpoint':
      return { code: 'effects.unmatched', severity, ...at, ...unmatchedEndpoint(c) };
    case 'label':
      return { code: 'effects.undeclared', severity: 'warning', ...at, ...undeclaredLabel(c) };
    default:
      return undefined;
  }
}

function cases(c: RecognitionCount): string {
  return c.of === 1 ? 'the one case judged' : `any of the ${c.of} cases judged`;
}

function unmatchedTool(c: RecognitionCount) {
  const called = c.near === undefined ? '' : `, while ${c.near} was called`;
  return {
    message: `rule ${c.path} (tool ${c.name}) matched no tool call in ${cases(c)}${called}`,
    fix:
      c.near === undefined
        ? 'name the tool as the agents call it; if no case may call it (an effect that must not happen), matching nothing is right'
        : `did you mean ${c.near}?`,
  };
}

function unmatchedEndpoint(c: RecognitionCount) {
  const missed = c.near === undefined ? '' : `, while ${c.near} reached no endpoint (404)`;
  return {
    message: `endpoint ${c.path} (${c.name}) answered no request in ${cases(c)}${missed}`,
    fix:
      c.near === undefined
        ? 'compare its method and url with the requests the implementation makes; if no case may make it (an effect that must not happen), matching nothing is right'
        : `compare the endpoint’s method and url with ${c.near}`,
  };
}

function undeclaredLabel(c: RecognitionCount) {
  const declare =
    'name the tool that makes it in the suite’s effects.tools (or its endpoint, for code Baton runs in its own process), or check that the implementation emits it with emitEffect';
  return {
    message: `no rule of the suite produces effect ${c.name}, and no case that labels it had one: it must come from the implementation’s own spans (emitEffect)`,
    fix: c.near === undefined ? declare : `did you mean ${c.near}? Otherwise ${declare}`,
  };
}
