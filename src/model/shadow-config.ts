import { z } from 'zod';
import { RecognitionRule, TraceSteps } from './adapter-config.ts';
import { ParticipantName } from './case.ts';

/** How live traces are read: the traces adapter's rules (docs/adapters/traces.md). */
export const ShadowLiveConfig = z
  .strictObject({
    steps: TraceSteps.default('customer_turns').describe(
      'How a live conversation is cut into steps (a named rule or an attribute).',
    ),
    recognize: z
      .array(RecognitionRule)
      .default([])
      .describe('Extra rules: which live spans are handoffs.'),
    names: z
      .record(z.string().min(1), ParticipantName)
      .default({})
      .describe('Agent names in the live traces → participant names.'),
  })
  .default({ steps: 'customer_turns', recognize: [], names: {} });

/** One stage of a gradual rollout: the share of traffic and what the shadow window must show. */
export const RolloutStage = z.strictObject({
  percent: z.number().gt(0).max(100).describe('Share of live traffic the candidate may take.'),
  min_conversations: z
    .number()
    .int()
    .min(1)
    .describe('Conversations compared in the shadow window, at least.'),
  min_agreement: z
    .number()
    .min(0)
    .max(1)
    .describe('The lower end of the 95% interval of the agreement rate must reach this.'),
  max_missed_escalations: z
    .number()
    .int()
    .min(0)
    .default(0)
    .describe('Live escalations to a person the candidate would not have made.'),
  max_errored_rate: z
    .number()
    .min(0)
    .max(1)
    .default(0.01)
    .describe('Share of conversations on which the candidate broke (error, timeout).'),
  max_dropped_rate: z
    .number()
    .min(0)
    .max(1)
    .default(0.1)
    .describe('Share of finished conversations dropped because the candidate fell behind.'),
});

export const DEFAULT_ROLLOUT = [
  { percent: 5, min_conversations: 500, min_agreement: 0.95 },
  { percent: 25, min_conversations: 2000, min_agreement: 0.98 },
  { percent: 50, min_conversations: 5000, min_agreement: 0.99 },
];

/** `baton shadow`: run the suite's adapter as a candidate beside live traffic. */
export const ShadowConfig = z.strictObject({
  live: ShadowLiveConfig,
  entry: ParticipantName.optional().describe(
    'The agent that receives a conversation’s first step (default: the first agent to act in its trace, passing over spans that only wrap other agents; the report says which it assumed).',
  ),
  persons: z
    .array(ParticipantName)
    .default([])
    .describe('Receivers that are people or people’s queues, besides those the spans mark.'),
  idle_ms: z
    .number()
    .int()
    .min(1)
    .default(60_000)
    .describe('A conversation is finished when none of its spans arrived for this long.'),
  settle_ms: z
    .number()
    .int()
    .min(0)
    .default(5_000)
    .describe(
      'A one-trace conversation (no conversation id) is finished this long after its root span arrived; so is one whose span says baton.conversation.end.',
    ),
  queue: z
    .number()
    .int()
    .min(1)
    .default(256)
    .describe('Finished conversations waiting for the candidate; past this they are dropped.'),
  max_open: z
    .number()
    .int()
    .min(1)
    .default(10_000)
    .describe('Conversations held open at once; past this the oldest is cut (not compared).'),
  max_spans: z
    .number()
    .int()
    .min(1)
    .default(5_000)
    .describe('Spans of one conversation; past this it is cut (not compared).'),
  max_held_spans: z
    .number()
    .int()
    .min(1)
    .default(500_000)
    .describe('Spans held in all open conversations; past this the oldest is cut.'),
  allow_hosts: z
    .array(z.string().min(1))
    .default([])
    .describe(
      'The only hosts the candidate may reach for real (a model API); everything else is faked or refused.',
    ),
  override_decisions: z
    .array(z.string().min(1))
    .optional()
    .describe('Person decisions that count as overriding the agent (default: reject, deny, …).'),
  max_drafts: z
    .number()
    .int()
    .min(0)
    .default(200)
    .describe('Draft case files written for disagreements; later ones are only counted.'),
  refresh_ms: z
    .number()
    .int()
    .min(100)
    .default(5_000)
    .describe('How often the live report is rewritten.'),
  rollout: z
    .array(RolloutStage)
    .min(1)
    .default(DEFAULT_ROLLOUT.map((s) => RolloutStage.parse(s)))
    .describe('Gates of a gradual rollout, from the smallest share of traffic up.'),
});

export type ShadowConfig = z.output<typeof ShadowConfig>;
export type ShadowLiveConfig = z.output<typeof ShadowLiveConfig>;
export type RolloutStage = z.output<typeof RolloutStage>;
