import { z } from 'zod';
import { compilesSafely } from '../safe-regex.ts';
import { timerMs } from './bounds.ts';

const Options = z
  .record(z.string(), z.unknown())
  .default({})
  .describe('Passed to the module factory.');

const ModuleAdapter = z.strictObject({
  type: z.literal('module'),
  path: z.string().min(1).describe('A .ts or .js file, relative to the suite file.'),
  options: Options,
});

/** Start a service before the run and stop it after (the HTTP adapter). */
const StartCommand = z.strictObject({
  command: z.string().min(1).describe('Executable, e.g. node.'),
  args: z.array(z.string()).default([]),
  cwd: z.string().optional().describe('Relative to the suite file.'),
  env: z.record(z.string(), z.string()).default({}),
  ready_url: z.string().optional().describe('Polled until it answers, before the first case.'),
  ready_timeout_ms: timerMs(1).default(15_000),
});

/** Where the HTTP adapter finds the handoff decision: in the spans, or in the response body. */
const HttpDecision = z.union([
  z.strictObject({ from: z.literal('spans') }),
  z.strictObject({
    from: z.literal('response'),
    handoff_to: z.string().min(1).describe('Dotted JSON path to the receiver in the response.'),
    reason: z.string().optional().describe('Dotted JSON path to the reason code.'),
    payload: z.string().optional().describe('Dotted JSON path to the envelope.'),
    agent: z
      .string()
      .optional()
      .describe('Dotted JSON path to the sender (default: the case entry).'),
  }),
]);

const HttpAdapter = z.strictObject({
  type: z.literal('http'),
  url: z.string().min(1).describe('Where each step is sent, e.g. http://127.0.0.1:8787/turn.'),
  method: z.enum(['POST', 'PUT', 'PATCH']).default('POST'),
  headers: z.record(z.string(), z.string()).default({}),
  body: z
    .unknown()
    .optional()
    .describe(
      'Body template; strings may hold {{case.id}}, {{step.index}}, {{step.kind}}, {{step.text}}, {{step}} (JSON).',
    ),
  decision: HttpDecision.default({ from: 'spans' }),
  start: StartCommand.optional(),
  otlp_port: z
    .number()
    .int()
    .min(0)
    .max(65_535)
    .default(0)
    .describe('Port of the OTLP/HTTP receiver Baton runs on loopback (0: any free port).'),
  span_wait_ms: timerMs(0)
    .default(2000)
    .describe('How long to wait for the service to export a case’s spans after its last step.'),
});

const OpenAiAgentsAdapter = z.strictObject({
  type: z.literal('openai-agents'),
  path: z
    .string()
    .min(1)
    .describe('A module exporting the agent graph factory, relative to the suite.'),
  options: Options,
});

const LangGraphAdapter = z.strictObject({
  type: z.literal('langgraph'),
  path: z
    .string()
    .min(1)
    .describe('A module exporting the compiled graph factory, relative to the suite.'),
  options: Options,
});

const LOCATOR = /^(attr:.+|json:[^:]+:.+|name|name:.+)$/s;
const LOCATOR_HELP =
  'attr:<key>, json:<attr key>:<dotted path>, name (group 1 of the rule’s name regex) or name:<regex> (its group 1)';

/** Where a rule finds a value on the span. */
const Locator = z
  .string()
  .regex(LOCATOR, `a place on the span: ${LOCATOR_HELP}`)
  .refine(validLocatorRegex, {
    message:
      'the regular expression after `name:` does not compile (RE2 syntax: no backreferences or lookaround)',
  });

/** Exact text, or a `/regex/flags` that must compile. */
const Pattern = z.string().min(1).refine(validPattern, {
  message:
    'the /regular expression/ does not compile (RE2 syntax: no backreferences or lookaround; flags i, s, m)',
});

/** A user rule that marks spans as handoffs: name or attribute match, where target and payload are. */
export const RecognitionRule = z
  .strictObject({
    name: Pattern.optional().describe('Span name, exact or a /regex/.'),
    attribute: z
      .strictObject({ key: z.string().min(1), value: Pattern })
      .optional()
      .describe('An attribute the span must have, value exact or a /regex/.'),
    handoff: z.strictObject({
      to: Locator.describe(`Where the target is: ${LOCATOR_HELP}.`),
      from: Locator.optional().describe('Same syntax; default: the nearest agent above the span.'),
      payload: Locator.optional().describe('Where the envelope is, e.g. attr:input.value.'),
      reason: z
        .string()
        .min(1)
        .optional()
        .describe('A reason code such as policy_gate, or where it is (same syntax as `to`).'),
    }),
  })
  .refine((r) => r.name !== undefined || r.attribute !== undefined, {
    message: 'give `name:` or `attribute:` (or both) so the rule matches some spans, not all',
  });

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

/** How a recorded trace is cut into steps (docs/adapters/traces.md). */
export const TRACE_STEP_RULES = ['customer_turns', 'agent_turns', 'root_children'] as const;

const TracesAdapter = z.strictObject({
  type: z.literal('traces'),
  files: z
    .array(z.string().min(1))
    .default([])
    .describe('OTLP JSON or JSON-lines files, relative to the suite (cases may name their own).'),
  steps: z
    .enum(TRACE_STEP_RULES)
    .default('customer_turns')
    .describe('How a trace is cut into steps; a case may override it in `trace.steps`.'),
  recognize: z
    .array(RecognitionRule)
    .default([])
    .describe('Extra rules: which spans are handoffs.'),
  names: z
    .record(z.string().min(1), z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]*$/))
    .default({})
    .describe(
      'Agent names in the traces → participant names in the cases, e.g. { "Website Scraper": scraper }.',
    ),
});

/** Which implementation to drive, and how. */
export const AdapterConfig = z.discriminatedUnion('type', [
  ModuleAdapter,
  HttpAdapter,
  OpenAiAgentsAdapter,
  LangGraphAdapter,
  TracesAdapter,
]);

export type AdapterConfig = z.output<typeof AdapterConfig>;
export type HttpAdapterConfig = z.output<typeof HttpAdapter>;
export type OpenAiAgentsAdapterConfig = z.output<typeof OpenAiAgentsAdapter>;
export type LangGraphAdapterConfig = z.output<typeof LangGraphAdapter>;
export type TracesAdapterConfig = z.output<typeof TracesAdapter>;
export type RecognitionRule = z.output<typeof RecognitionRule>;
