import { z } from 'zod';

import { FINDING_CODES, PROPERTY_CODES } from './finding.ts';
import { REPORT_SCHEMA_VERSION, RUN_WARNING_CODES, type RunReport } from './report.ts';
import { REPORT_FORMATS } from './suite.ts';

// The zod form of the RunReport, for the published JSON Schema (schemas/report.schema.json).
// Objects allow unknown keys (the schema is generated in input mode): fields added later, an
// additive change, keep reports valid for older readers.
const Code = z.enum(FINDING_CODES);
const Status = z.enum(['pass', 'fail', 'error']);
const RunError = z.object({ code: z.string(), message: z.string() });

const Rate = z.object({
  count: z.number().int().min(0),
  of: z.number().int().min(0),
  rate: z.number().describe('count / of; NaN is written as null when of is 0.').nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  effective: z
    .number()
    .min(0)
    .optional()
    .describe('The effective count of a rate clustered by case, when it is smaller than `of`.'),
});

const Finding = z.object({
  check: z.string(),
  code: Code,
  outcome: Status,
  step: z.number().int().optional(),
  expected: z.unknown().optional(),
  observed: z.unknown().optional(),
  distance: z.number().optional(),
  spanIds: z.array(z.string()),
  message: z.string(),
  line: z.number().int().min(1).optional().describe('Line in the case file it points at.'),
  column: z.number().int().min(1).optional(),
});

const EVENT_KINDS = [
  'step',
  'agent_turn',
  'handoff',
  'ack',
  'reject',
  'question',
  'return',
  'decision',
  'effect',
  'request',
  'claim',
  'release',
  'tool_call',
  'halt',
] as const;

const Event = z
  .object({
    kind: z.string().describe(`One of ${EVENT_KINDS.join(', ')} (later versions may add kinds).`),
    step: z.number().int(),
    at: z.number(),
    spanId: z.string(),
    truncated: z
      .boolean()
      .optional()
      .describe('payload, history or args was cut to a JSON preview.'),
  })
  .describe('A normalised timeline event; its other fields depend on `kind`.');

const Repeat = z.object({
  repeat: z.number().int().min(0),
  status: Status,
  durationMs: z.number().min(0),
  findings: z.array(Finding),
  error: RunError.optional(),
});

const Counts = z.partialRecord(Code, z.number().int().min(0));

const RecognitionSource = z.enum(['rule', 'preset', 'shape', 'steps', 'tool', 'endpoint', 'label']);

const RunMeasure = z.object({
  status: Status,
  failed: z.array(Code).describe('Codes of the findings that did not pass, in order.'),
  passed: Counts.describe('Passing findings by code.'),
  opportunities: Counts.describe("The chances each code had: the rates' denominators."),
  targets: z.array(z.object({ expected: z.string(), observed: z.string() })),
  hops: z.number().int().min(0),
  recognition: z
    .array(
      z.object({
        source: RecognitionSource,
        name: z.string(),
        path: z.array(z.union([z.string(), z.number()])).optional(),
        spans: z.number().int().min(0),
        file: z.string().optional(),
        line: z.number().int().min(1).optional(),
        near: z.string().optional(),
      }),
    )
    .optional()
    .describe('Spans each rule and shape matched (first repeat only).'),
  notes: z
    .array(
      z.object({
        code: z.enum(RUN_WARNING_CODES),
        message: z.string(),
        fix: z.string().optional(),
      }),
    )
    .optional(),
});

const CaseMeasure = z
  .object({
    order: z.number().int().min(0).optional().describe('Position among the selected cases.'),
    expectedHandoffs: z.number().int().min(0),
    unloaded: z.boolean().optional().describe('The case stands for a file that did not load.'),
    runs: z.array(RunMeasure),
  })
  .describe("What the run's metrics were computed from, one run a repeat (read by baton merge).");

/** One case of `cases`, as a report holds it. */
export const ReportCaseSchema = z.object({
  id: z.string(),
  title: z.string(),
  file: z.string().optional(),
  tags: z.array(z.string()),
  status: Status,
  repeats: z.number().int().min(0),
  passedRepeats: z.number().int().min(0),
  durationMs: z.number().min(0),
  hops: z.number().int().min(0),
  cost: z.number().min(0),
  permutationSeed: z.number().int().optional(),
  error: RunError.optional(),
  findings: z.array(Finding),
  handoffs: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      step: z.number().int(),
      reason: z.string().optional(),
      spanId: z.string(),
    }),
  ),
  participants: z.object({ agents: z.array(z.string()), persons: z.array(z.string()) }).optional(),
  steps: z
    .array(z.object({ kind: z.string(), text: z.string(), line: z.number().int().optional() }))
    .optional()
    .describe(
      "The case's steps in short; for a recorded trace, the steps Baton derived (kind trace).",
    ),
  runs: z.array(Repeat).optional(),
  timelineOmitted: z.number().int().min(1).optional(),
  timeline: z.array(Event).optional(),
  tally: z
    .partialRecord(
      Code,
      z.object({
        count: z.number().int().min(0),
        of: z.number().int().min(0),
        runs: z.number().int().min(0),
      }),
    )
    .optional()
    .describe('Findings, opportunities and repeats with the code, by code, over all repeats.'),
  measured: CaseMeasure.optional(),
});

const Property = z.object({
  id: z.string(),
  contract: z.string(),
  from: z.string(),
  to: z.string(),
  property: z.string(),
  outcome: z.enum(['pass', 'fail', 'skip', 'error']),
  code: z.enum(PROPERTY_CODES).optional(),
  numRuns: z.number().int().min(0),
  seed: z.number().int(),
  clock: z.number(),
  path: z.string().optional(),
  counterexample: z.unknown().optional(),
  shrinks: z.number().int().min(0).optional(),
  message: z.string(),
});

const RunInfo = z.object({
  baton: z.string().describe('The Baton version that wrote the report.'),
  node: z.string(),
  platform: z.string().optional(),
  git: z.object({ commit: z.string(), dirty: z.boolean() }).optional(),
  filters: z
    .object({
      cases: z.array(z.string()).optional(),
      tags: z.array(z.string()).optional(),
      property: z.string().optional(),
      path: z.string().optional(),
    })
    .optional(),
  shard: z.object({ index: z.number().int().min(1), total: z.number().int().min(1) }).optional(),
  seeds: z.object({ properties: z.number().int().optional() }).optional(),
  partial: z.boolean().describe('True when filters or a shard left cases of the suite out.'),
  merged: z
    .object({
      total: z.number().int().min(1),
      shards: z.array(
        z.object({
          index: z.number().int().min(1),
          file: z.string(),
          startedAt: z.string(),
          durationMs: z.number().min(0),
        }),
      ),
      missing: z.array(z.number().int().min(1)).optional(),
      durationSumMs: z.number().min(0),
    })
    .optional()
    .describe(
      'Set on a report baton merge made from shard reports; durationMs is then the range from the first start to the last end.',
    ),
});

const Basis = z
  .object({
    suite: z.string().describe("sha256 of the suite's settings: the suite's fingerprint."),
    cases: z
      .object({ count: z.number().int().min(0), ids: z.string() })
      .optional()
      .describe('The cases selected before sharding: their count and a sha256 of their ids.'),
    gates: z.array(z.object({ metric: z.string() })).describe('The gates the suite declares.'),
    costs: z.partialRecord(Code, z.number().min(0)),
    propertyFailures: z.number().int().min(0).optional(),
    formats: z.array(z.enum(REPORT_FORMATS)),
    strict: z.boolean(),
    compare: z
      .object({
        baseline: z.string(),
        candidates: z.array(z.string()),
        settings: z
          .object({
            gates: z.array(z.object({ gate: z.string() }).loose()),
            seed: z.number().int(),
            resamples: z.number().int().min(1),
            alpha: z.number().gt(0).lt(1),
          })
          .optional(),
      })
      .optional()
      .describe(
        'On the report of one variant of a suite with variants: which variants are compared, and the compare: settings.',
      ),
  })
  .describe('The suite settings the verdict came from, so shard reports can be merged.');

/** The RunReport as a zod schema: the source of the published report JSON Schema. */
export const RunReportSchema = z.object({
  schemaVersion: z.literal(REPORT_SCHEMA_VERSION),
  suite: z.object({
    name: z.string(),
    file: z.string(),
    adapter: z.string(),
    variant: z.string().optional().describe('The variant of a suite with `variants:`.'),
  }),
  startedAt: z.string(),
  durationMs: z.number().min(0),
  repeat: z.number().int().min(1),
  passed: z.boolean(),
  summary: z.object({
    cases: z.number().int().min(0),
    passed: z.number().int().min(0),
    failed: z.number().int().min(0),
    errored: z.number().int().min(0),
    byCode: Counts,
    propertiesFailed: z.number().int().min(0).optional(),
    propertiesRun: z.number().int().min(0).optional(),
  }),
  gates: z.array(
    z.object({
      name: z.string(),
      threshold: z.string(),
      actual: z.number().nullable(),
      passed: z.boolean().describe('True only for a gate that was judged and met.'),
      outcome: z
        .enum(['pass', 'fail', 'n/a'])
        .optional()
        .describe('n/a: nothing to judge (docs/gates.md); absent in older reports: read `passed`.'),
      note: z
        .string()
        .optional()
        .describe('Why the gate had no number: "no case produced a verdict".'),
      implied: z
        .literal(true)
        .optional()
        .describe('Baton added the gate: `errored <= 0` to a list of gates with no errored gate.'),
    }),
  ),
  reasons: z
    .array(z.string())
    .optional()
    .describe(
      'Why the run failed besides its gates (a case file that did not load, nothing judged).',
    ),
  metrics: z.object({
    passRate: Rate,
    passAllRepeats: Rate,
    byCode: z.partialRecord(Code, Rate),
    confusion: z.object({
      labels: z.array(z.string()),
      counts: z.record(z.string(), z.record(z.string(), z.number().int().min(0))),
    }),
    hops: z.object({
      histogram: z.record(z.string(), z.number().int().min(0)),
      mean: z.number(),
      max: z.number().int().min(0),
    }),
    cost: z.number().min(0),
  }),
  cases: z.array(ReportCaseSchema),
  properties: z
    .array(Property)
    .optional()
    .describe('Absent in reports written before properties joined version 1.'),
  run: RunInfo.optional(),
  basis: Basis.optional(),
  recognition: z
    .array(
      z.object({
        source: RecognitionSource,
        name: z.string(),
        path: z.string().optional(),
        file: z
          .string()
          .optional()
          .describe('The case file an effect label is written in; absent: the suite file.'),
        line: z.number().int().min(1).optional(),
        spans: z.number().int().min(0),
        cases: z.number().int().min(0),
        of: z.number().int().min(0),
        near: z
          .string()
          .optional()
          .describe(
            'For an effect rule or label that matched nothing: a like name the run showed.',
          ),
      }),
    )
    .optional()
    .describe(
      'Spans each recognition rule, preset rule, span shape and step rule matched; tool calls and requests each effect rule matched; effects seen for labels no rule names.',
    ),
  warnings: z
    .array(
      z.object({
        code: z.enum(RUN_WARNING_CODES),
        severity: z.enum(['warning', 'error']),
        message: z.string(),
        fix: z.string().optional(),
        file: z.string().optional(),
        line: z.number().int().min(1).optional(),
        caseId: z.string().optional(),
      }),
    )
    .optional()
    .describe(
      'Rules that matched no span (errors under --strict), effect rules and labels that matched nothing, labels cut to a short trace, contracts naming an agent no case lists.',
    ),
  interrupted: z
    .object({
      signal: z.string(),
      casesNotRun: z
        .number()
        .int()
        .min(0)
        .describe('Cases never started (left out of the report).'),
    })
    .optional()
    .describe(
      'Set when a signal stopped the run early; the report holds the case runs that finished.',
    ),
  unhandled: z
    .array(
      z.object({
        kind: z.enum(['unhandled_rejection', 'uncaught_exception', 'exit']),
        message: z.string(),
        caseId: z.string().optional(),
        repeat: z.number().int().min(0).optional(),
      }),
    )
    .optional()
    .describe(
      'Errors that escaped the implementation (in Baton or an isolate); each fails the run.',
    ),
});

type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;
type Conforms<T extends DeepReadonly<z.input<typeof RunReportSchema>>> = T;
/** Fails to type-check when the RunReport type drifts from its schema. */
export type RunReportConforms = Conforms<RunReport>;
