import { z } from 'zod';
import { YamlContractInput } from '../contracts/yaml-contract-input.ts';
import { AdapterConfig } from './adapter-config.ts';
import { timerMs } from './bounds.ts';
import { CARRY_MATCHES } from './case-patterns.ts';
import { CompareConfig, VariantsConfig } from './compare-config.ts';
import type { DataPath } from './data-path.ts';
import { CassetteConfig, EffectsConfig } from './effects-config.ts';
import { FaultInput } from './fault.ts';
import { FINDING_CODES } from './finding.ts';
import { MAX_CONCURRENCY, MAX_NUM_RUNS, MAX_REPEAT } from './limits.ts';
import { ModelTrafficConfig } from './model-traffic-config.ts';
import { ShadowConfig } from './shadow-config.ts';
import { DEFAULT_REPORT_FORMATS, ISOLATION_MODES, REPORT_FORMATS } from './suite-constants.ts';
import { TOOL_MATCH_MODES } from './tool-trajectory.ts';

export {
  DEFAULT_REPORT_FORMATS,
  ISOLATION_MODES,
  REPORT_FORMATS,
  type ReportFormat,
} from './suite-constants.ts';

const FindingCode = z.enum(FINDING_CODES);

export { AdapterConfig } from './adapter-config.ts';

const CountGate = z.strictObject({
  metric: z.literal('count'),
  code: FindingCode,
  max: z.number().int().min(0),
});
const RateGate = z.strictObject({
  metric: z.literal('rate'),
  code: FindingCode,
  max: z.number().min(0).max(1),
  bound: z
    .enum(['point', 'upper'])
    .default('point')
    .describe('Gate on the observed rate, or on the upper end of its 95% Wilson interval.'),
});
const PassRateGate = z.strictObject({
  metric: z.literal('pass_rate'),
  min: z.number().min(0).max(1),
});
const PassAllGate = z.strictObject({
  metric: z.literal('pass_all_repeats'),
  min: z.number().min(0).max(1),
});
const ErroredGate = z.strictObject({ metric: z.literal('errored'), max: z.number().int().min(0) });
const CostGate = z.strictObject({ metric: z.literal('cost'), max: z.number().min(0) });
const PropertiesGate = z.strictObject({
  metric: z.literal('properties_failed'),
  max: z.number().int().min(0),
});

/** A threshold the run must meet; any failed gate makes `baton run` exit 1. */
export const GateConfig = z.discriminatedUnion('metric', [
  CountGate,
  RateGate,
  PassRateGate,
  PassAllGate,
  ErroredGate,
  CostGate,
  PropertiesGate,
]);

const HandoffTimingOptions = z.strictObject({}).default({});
const BounceOptions = z.strictObject({}).default({});
const HopsOptions = z.strictObject({
  max_hops: z.number().int().min(0).optional().describe('Cap for cases that set no max_hops.'),
});
const MissingFactOptions = z
  .strictObject({
    match: z
      .enum(CARRY_MATCHES)
      .default('equals')
      .describe(
        'How a fact written as a bare value is looked for: `equals` under its key, `contains` anywhere in the text.',
      ),
  })
  .default({ match: 'equals' });
const EffectsOptions = z.strictObject({}).default({});
const ReasonOptions = z.strictObject({
  require: z
    .boolean()
    .default(false)
    .describe('A matched handoff that states no reason is handoff.wrong_reason too.'),
});
const ReaskOptions = z.strictObject({}).default({});
const ToolsOptions = z.strictObject({
  match: z
    .enum(TOOL_MATCH_MODES)
    .default('superset')
    .describe('The match mode for cases whose `expect.tools` names none.'),
});
const OwnershipOptions = z.strictObject({}).default({});

/** Which checks run, with their options; `false` turns one off. All are on by default. */
export const ChecksConfig = z
  .strictObject({
    'handoff-timing': z.union([z.literal(false), HandoffTimingOptions]).optional(),
    bounce: z.union([z.literal(false), BounceOptions]).optional(),
    hops: z.union([z.literal(false), HopsOptions]).optional(),
    'missing-fact': z.union([z.literal(false), MissingFactOptions]).optional(),
    effects: z
      .union([z.literal(false), EffectsOptions])
      .optional()
      .describe(
        'The side-effect checks: double, missing, unowned, before ack, after release, host.',
      ),
    ownership: z
      .union([z.literal(false), OwnershipOptions])
      .optional()
      .describe('The ownership checks: double owner, lost work, no way back after a person.'),
    reason: z
      .union([z.boolean(), ReasonOptions])
      .optional()
      .describe('Opt in: judge labelled reasons on matched handoffs (handoff.wrong_reason).'),
    reask: z
      .union([z.literal(false), ReaskOptions])
      .optional()
      .describe('A receiver asking again for a fact an earlier step gave (handoff.reask).'),
    tools: z
      .union([z.literal(false), ToolsOptions])
      .optional()
      .describe('Tool-trajectory labels (`expect.tools`): missing, unexpected, order, args.'),
  })
  .default({});

export const SuiteInput = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().min(1),
  description: z.string().optional(),
  cases: z
    .strictObject({
      include: z
        .array(z.string().min(1))
        .describe(
          'Globs of case files, relative to the suite file (at least one, unless the suite has `shadow:`).',
        ),
      exclude: z.array(z.string().min(1)).default([]),
      tags: z.array(z.string()).default([]).describe('Keep cases with any of these tags.'),
      exclude_tags: z.array(z.string()).default([]),
    })
    .optional()
    .describe(
      'The case files. Required, except in a suite with `shadow:` (baton shadow reads no case).',
    ),
  adapter: AdapterConfig,
  concurrency: z.number().int().min(1).max(MAX_CONCURRENCY).default(4),
  timeout_ms: timerMs(1).default(10_000).describe('Per case, per repeat.'),
  isolation: z
    .enum(ISOLATION_MODES)
    .default('none')
    .describe(
      "Where the implementation runs: none (Baton's process), worker (a worker thread) or process (a child process); isolated, an exit, an escaped error or a busy loop fails only its case.",
    ),
  repeat: z.number().int().min(1).max(MAX_REPEAT).default(1),
  checks: ChecksConfig,
  gates: z.array(GateConfig).default([]),
  costs: z
    .partialRecord(FindingCode, z.number().min(0))
    .default({})
    .describe('Cost weight of each finding code, summed into the `cost` metric.'),
  contracts: z
    .strictObject({
      require: z
        .boolean()
        .default(false)
        .describe('Every observed handoff needs a contract (contract.missing otherwise).'),
      modules: z
        .array(z.string().min(1))
        .default([])
        .describe('TS or JS files exporting contracts (defineContract), relative to the suite.'),
      edges: z.array(YamlContractInput).default([]).describe('Contracts written in YAML.'),
    })
    .optional(),
  properties: z
    .strictObject({
      num_runs: z
        .number()
        .int()
        .min(1)
        .max(MAX_NUM_RUNS)
        .default(200)
        .describe('Envelopes per property.'),
      seed: z
        .number()
        .int()
        .optional()
        .describe('A fixed seed; a random one is reported otherwise.'),
      hop_cap: z
        .number()
        .int()
        .min(1)
        .default(4)
        .describe('Deliveries a sender may attempt before it must escalate.'),
      max_failures: z
        .number()
        .int()
        .min(0)
        .default(0)
        .describe('Failed or errored properties the run tolerates (a gate).'),
    })
    .optional()
    .describe('Property-test every contract edge whose receiver the implementation exposes.'),
  effects: EffectsConfig.optional().describe(
    'Side effects: HTTP endpoints faked with msw and tool calls, their identity and owner; other hosts refused.',
  ),
  facts: z
    .record(
      z.string().min(1),
      z.array(z.string().min(1)).min(1).describe('Phrasings people use for it.'),
    )
    .optional()
    .describe(
      'How each fact is asked for in prose, e.g. { order_id: ["order number", "order id"] }: re-asks are found by these.',
    ),
  faults: z.array(FaultInput).default([]).describe('Faults injected into every case.'),
  cassette: CassetteConfig.optional(),
  redact: z
    .strictObject({
      keys: z
        .array(z.string().min(1))
        .default([])
        .describe('More field, header and parameter names whose values are secrets, e.g. pin.'),
      patterns: z
        .array(z.string().min(1))
        .default([])
        .describe(
          'More secret values: exact text, or a /regex/ (RE2: linear time, no lookaround).',
        ),
    })
    .optional()
    .describe(
      "Secrets never written to a report, the console or a cassette: these rules add to Baton's own.",
    ),
  allow_read: z
    .array(z.string().min(1))
    .default([])
    .describe(
      'Folders outside the project (relative to the suite) that its cases, traces and modules may be read from.',
    ),
  model_traffic: ModelTrafficConfig.optional().describe(
    'Recognise handoffs in the model API responses msw sees (Anthropic tool_use, OpenAI tool calls).',
  ),
  variants: VariantsConfig.optional(),
  compare: CompareConfig.optional().describe(
    'How variants (or a run and its --baseline) are compared, and the gates on the comparison.',
  ),
  shadow: ShadowConfig.optional().describe(
    '`baton shadow`: how live traces are read and when the candidate is ready for a canary.',
  ),
  reports: z
    .strictObject({
      dir: z
        .string()
        .optional()
        .describe('Relative to the suite file; default reports/<name> in the working directory.'),
      formats: z
        .array(z.enum(REPORT_FORMATS))
        .default([...DEFAULT_REPORT_FORMATS])
        .describe(
          'console, json (report.json), md (report.md), html (report.html), junit (junit.xml), github (annotations and job summary).',
        ),
    })
    .default({ formats: [...DEFAULT_REPORT_FORMATS] }),
});

export type SuiteInput = z.input<typeof SuiteInput>;
export type ParsedSuite = z.output<typeof SuiteInput>;
export type GateConfig = z.output<typeof GateConfig>;
export type ChecksConfig = z.output<typeof ChecksConfig>;

/** A suite after loading: its file, resolved case list and config with defaults applied. */
export interface Suite {
  readonly file: string;
  readonly config: ParsedSuite;
  /** The line a path of the suite file is written on (for warnings that point at a rule). */
  readonly lineOf?: (path: DataPath) => number | undefined;
}
