import { z } from 'zod';
import { TraceSteps } from './adapter-config.ts';
import type { RareCaseParts } from './case-input-fast-parts.ts';
import { CASE_ID, PARTICIPANT_NAME, REASON_CODE } from './case-patterns.ts';
import { FaultInput } from './fault.ts';
import { GuardrailInput } from './guardrail-label.ts';
import { ToolsInput } from './tool-labels.ts';

export {
  CARRY_MATCHES,
  CASE_ID,
  type CarryMatch,
  PARTICIPANT_NAME,
  REASON_CODE,
} from './case-patterns.ts';

/** A name of an agent or person: letters, digits, `_`, `-`, `.`; used in spans and labels alike. */
export const ParticipantName = z
  .string()
  .regex(PARTICIPANT_NAME, 'a name such as `triage` or `refund_agent`');

/** A reason code such as `policy_gate`; free, but snake_case so reports can group by it. */
export const ReasonCode = z.string().regex(REASON_CODE, 'a snake_case reason code');

const FactValue = z.union([z.string(), z.number(), z.boolean()]);

const CustomerStep = z.strictObject({
  customer: z.string().min(1).describe('What the customer (or user) says at this step.'),
});
const ToolStep = z.strictObject({
  tool: z.strictObject({
    name: z.string().min(1).describe('The tool whose result arrives at this step.'),
    ok: z.boolean().default(true).describe('false when the call failed.'),
    result: z.unknown().optional(),
    error: z.string().optional(),
  }),
});
const SignalStep = z.strictObject({
  signal: z
    .object({
      confidence: z.number().min(0).max(1).optional().describe('Classifier or retrieval score.'),
      budget_used: z.number().min(0).optional().describe('Fraction of the token/time/cost budget.'),
      deadline_minutes: z.number().optional().describe('Minutes left before an SLA breach.'),
    })
    .catchall(FactValue)
    .describe('A measured signal such as confidence, budget used or time to a deadline.'),
});
const PersonStep = z.strictObject({
  person: z.strictObject({
    who: ParticipantName.describe('The person deciding (one of participants.persons).'),
    decision: z.string().min(1).describe('For example approve, reject, edit.'),
    note: z.string().optional(),
  }),
});

/** One step as written in a case file: exactly one of customer, tool, signal, person. */
export const StepInput = z.union([CustomerStep, ToolStep, SignalStep, PersonStep]);

const StepIndex = z.number().int().min(0);

/** One labelled fact: a bare value (the suite's default match) or the match named explicitly. */
const CarryFactInput = z.union([
  FactValue,
  z
    .strictObject({ equals: FactValue })
    .describe('The value under the fact’s key (any depth, or a dotted path), compared as text.'),
  z
    .strictObject({ contains: z.union([z.string().min(1), z.number()]) })
    .describe(
      'Text found anywhere in the payload, nested JSON text included: case, accents, spacing and punctuation ignored, whole words.',
    ),
]);

export const ExpectedHandoffInput = z
  .strictObject({
    from: ParticipantName,
    to: ParticipantName,
    at: StepIndex.optional().describe('The step (from 0) at which the handoff should happen.'),
    window: z
      .tuple([StepIndex, StepIndex])
      .optional()
      .describe('First and last step (inclusive) where the handoff is on time.'),
    reason: ReasonCode.optional(),
    alternatives: z
      .array(ParticipantName)
      .optional()
      .describe('Other targets that are acceptable.'),
    carry: z
      .record(z.string(), CarryFactInput)
      .optional()
      .describe(
        'Facts the payload must carry, e.g. { order_id: A-1001 } or { order_id: { contains: A-1001 } }.',
      ),
  })
  .refine((h) => (h.at === undefined) !== (h.window === undefined), {
    message: 'give exactly one of `at: <step>` or `window: [first, last]`',
  })
  .refine((h) => h.window === undefined || h.window[0] <= h.window[1], {
    message: 'window must be [first, last] with first <= last',
    path: ['window'],
  });

/** Something that must have happened before an effect is committed: a handoff, or another effect. */
export const EffectPrerequisiteInput = z.union([
  z
    .strictObject({ from: ParticipantName, to: ParticipantName })
    .describe('A handoff (from → to) that must come before the effect.'),
  z
    .strictObject({
      effect: z.string().min(1),
      key: z
        .union([z.string(), z.number()])
        .optional()
        .describe('Its business key; absent: the effect committed for any key.'),
    })
    .describe('An effect that must be committed before it.'),
]);

export const ExpectedEffectInput = z
  .strictObject({
    effect: z.string().min(1).describe('The effect name, e.g. refund or email.'),
    key: z.union([z.string(), z.number()]).describe('Its business key, e.g. the order id.'),
    owner: ParticipantName.optional().describe('The only agent allowed to commit it.'),
    times: z.number().int().min(0).default(1).describe('How many times it must be committed.'),
    at: StepIndex.optional().describe('The step (from 0) at which it should be committed.'),
    window: z
      .tuple([StepIndex, StepIndex])
      .optional()
      .describe('First and last step (inclusive) where committing it is on time.'),
    after: z
      .array(EffectPrerequisiteInput)
      .min(1)
      .optional()
      .describe(
        'Handoffs ({ from, to }) and effects ({ effect, key }) that must each have happened before every labelled commit of it, in the same step or earlier.',
      ),
  })
  .refine((e) => e.at === undefined || e.window === undefined, {
    message: 'give at most one of `at: <step>` or `window: [first, last]`',
  })
  .refine((e) => e.window === undefined || e.window[0] <= e.window[1], {
    message: 'window must be [first, last] with first <= last',
    path: ['window'],
  });

export const OwnershipInput = z.strictObject({
  work: z.string().min(1).default('case').describe('The piece of work claims name.'),
  max_wait_ms: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Longest the work may sit with nobody acting on it.'),
});

/** A recorded trace a case labels instead of driving an implementation (the traces adapter). */
export const TraceRefInput = z.strictObject({
  file: z
    .string()
    .min(1)
    .optional()
    .describe('OTLP JSON or JSON-lines file, relative to the case (default: the suite’s files).'),
  trace_id: z
    .string()
    .min(1)
    .optional()
    .describe('The trace to label: its id as the file writes it (hex; base64 ids read as hex).'),
  conversation_id: z
    .string()
    .min(1)
    .optional()
    .describe('Every trace of this conversation (gen_ai.conversation.id, session.id, …).'),
  steps: TraceSteps.optional().describe(
    'How the trace is cut into steps (default: the suite’s `steps`).',
  ),
});

export const CaseInput = z
  .strictObject({
    $schema: z.string().optional(),
    id: z.string().regex(CASE_ID, 'a lowercase id such as `refund-over-limit`'),
    title: z.string().min(1),
    source: z.string().min(1).describe('Where the case came from: ticket, incident, synthetic.'),
    tags: z.array(z.string().min(1)).default([]),
    participants: z.strictObject({
      agents: z.array(ParticipantName).min(1),
      persons: z.array(ParticipantName).default([]),
    }),
    entry: ParticipantName.optional().describe('The agent that receives the first step.'),
    steps: z
      .array(StepInput)
      .min(1)
      .optional()
      .describe('Required, unless `trace` is given: then the steps are derived from the trace.'),
    trace: TraceRefInput.optional().describe(
      'Label a recorded trace instead of driving an implementation: labels’ `at` count its derived steps.',
    ),
    expect: z.strictObject({
      handoffs: z
        .union([z.literal('none'), z.array(ExpectedHandoffInput).min(1)])
        .describe('The handoffs that must happen, in order, or `none`.'),
      max_hops: z.number().int().min(0).optional(),
      effects: z
        .array(ExpectedEffectInput)
        .optional()
        .describe('Side effects: each identity committed `times` times, by its owner.'),
      ownership: OwnershipInput.optional().describe('Checks on claims and leases of the work.'),
      tools: ToolsInput.optional().describe(
        'The tool calls the case must (or must not) make: a list, `none`, or { match, calls }.',
      ),
      guardrail: GuardrailInput.optional().describe(
        'A guardrail that must trip and stop the run: its name, `any`, or { name, at | window }.',
      ),
    }),
    faults: z
      .array(FaultInput)
      .optional()
      .describe('Faults injected into this case, on top of the suite’s.'),
  })
  .refine((c) => c.steps !== undefined || c.trace !== undefined, {
    message: 'a case needs `steps:`, or `trace:` to derive its steps from a recorded trace',
    path: ['steps'],
  });

type AnyCaseInput = z.input<typeof CaseInput>;
/** A case as written, with its steps (the usual kind). */
export type CaseInput = AnyCaseInput & { steps: NonNullable<AnyCaseInput['steps']> };
/** A case that labels a recorded trace: its steps may be left to be derived from the trace. */
export type TraceCaseInput = AnyCaseInput & { trace: NonNullable<AnyCaseInput['trace']> };
export type ParsedCaseInput = z.output<typeof CaseInput>;
export type FactValue = z.infer<typeof FactValue>;

/** The schemas the hand-written case check hands the rarely written parts of a case to. */
export const RARE_CASE_PARTS: RareCaseParts = {
  trace: TraceRefInput,
  fault: FaultInput,
  ownership: OwnershipInput,
  tools: ToolsInput,
  guardrail: GuardrailInput,
};
