import { z } from 'zod';
import { timerMs } from './bounds.ts';
import { RecognitionRule } from './recognition-rule.ts';

export { RecognitionRule } from './recognition-rule.ts';

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

/** How a recorded trace is cut into steps (docs/adapters/traces.md). */
export const TRACE_STEP_RULES = ['customer_turns', 'agent_turns', 'root_children'] as const;

/** A step rule: a named one, or the step read from an attribute of the spans. */
export const TraceSteps = z.union([
  z.enum(TRACE_STEP_RULES),
  z
    .strictObject({
      attribute: z
        .string()
        .min(1)
        .describe('The attribute holding each span’s step, e.g. chat.turn.'),
      first: z
        .number()
        .int()
        .default(0)
        .describe('The value of the first step (1 for a counter that starts at 1).'),
    })
    .describe(
      'Each span with this attribute starts (or belongs to) its step: whole numbers count from `first`, other values are numbered in the order they first appear.',
    ),
]);

const TracesAdapter = z.strictObject({
  type: z.literal('traces'),
  files: z
    .array(z.string().min(1))
    .default([])
    .describe('OTLP JSON or JSON-lines files, relative to the suite (cases may name their own).'),
  steps: TraceSteps.default('customer_turns').describe(
    'How a trace is cut into steps; a case may override it in `trace.steps`.',
  ),
  recognize: z
    .array(RecognitionRule)
    .default([])
    .describe(
      'Extra rules, tried in order before the built-in shapes: which spans are handoffs, questions or effects; `{ preset: crewai }` adds a shipped rule set.',
    ),
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
export type TraceStepsConfig = z.output<typeof TraceSteps>;
