import { describe, expect, it } from 'vitest';
import recorded from './fixtures/recorded-turns.json' with { type: 'json' };
import type { HandoffCall } from './handoff-calls.ts';
import { ignoredHandoffNotes } from './ignored-handoffs.ts';
import { mapSdkSpans } from './map-spans.ts';
import { mappingRules } from './options.ts';
import type { SdkSpanRecord } from './sdk-span.ts';

// Recorded from real SDK runs (fixtures/record-turns.ts).
const turns = recorded as unknown as Record<
  string,
  { spans: SdkSpanRecord[]; calls: HandoffCall[] }
>;
const rules = mappingRules(
  { agent_names: { 'Triage Agent': 'triage', 'Refund Agent': 'refunds' } },
  'suite.yaml',
);

describe('ignoredHandoffNotes', () => {
  it('says which handoff requests of one response the SDK ignored, at the step', () => {
    const multiple = turns.multiple_handoffs!;
    const notes = ignoredHandoffNotes(mapSdkSpans(multiple.spans, multiple.calls, rules), 2);

    expect(notes).toEqual([
      {
        code: 'handoffs.ignored',
        message:
          'triage asked for 2 handoffs in one model response at step 2 (Refund Agent, Refund Agent); the Agents SDK carried out the first, to refunds, and ignored the rest',
        fix: expect.stringContaining('judged on the handoff that happened'),
      },
    ]);
  });

  it('says nothing of a turn whose handoffs were each carried out or refused', () => {
    for (const name of ['handoff_effect_escalation', 'refused_handoff']) {
      const turn = turns[name]!;
      expect(ignoredHandoffNotes(mapSdkSpans(turn.spans, turn.calls, rules), 0)).toEqual([]);
    }
  });
});
