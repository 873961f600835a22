import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCaseText } from '../../load/load-case.ts';
import { AdapterConfig, type TracesAdapterConfig } from '../../model/adapter-config.ts';
import type { Case } from '../../model/labelled-case.ts';
import { normalize } from '../../normalize/normalize.ts';
import { createTracesAdapter } from './traces-adapter.ts';

const ROOT = join(import.meta.dirname, '../../..');
const FIXTURES = 'test/fixtures/traces/fixed';

const REFUND_RULE = {
  attribute: { key: 'tool.name', value: 'issue_refund' },
  effect: { name: 'refund', key: 'json:input.value:order_id' },
};

function adapter(file: string, recognize: unknown[] = [{ preset: 'crewai' }, REFUND_RULE]) {
  const config = AdapterConfig.parse({
    type: 'traces',
    files: [`../${FIXTURES}/${file}`],
    recognize,
    names: {
      'Support Lead': 'lead',
      'Refund Specialist': 'refunds',
      'Billing Specialist': 'billing',
    },
  }) as TracesAdapterConfig;
  return createTracesAdapter(config, join(ROOT, 'suites/in-test.yaml'));
}

function crewCase(conversation: string): Case {
  const loaded = parseCaseText(
    `id: c\ntitle: t\nsource: s\nparticipants: { agents: [lead, refunds, billing] }\ntrace: { conversation_id: ${conversation} }\nexpect: { handoffs: none }\n`,
    join(ROOT, 'cases/crewai/in-test.yaml'),
  );
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  return loaded.value;
}

/** The timeline of a conversation, one line per event that matters here. */
async function story(file: string, conversation: string, recognize?: unknown[]) {
  const derived = await adapter(file, recognize).derive(crewCase(conversation));
  return normalize(derived.spans).events.flatMap((e) => {
    switch (e.kind) {
      case 'handoff':
        return [`${e.step} handoff ${e.from} → ${e.to} (${e.reason})`];
      case 'return':
        return [`${e.step} return ${e.by} → ${e.to}: ${String(e.answer)}`];
      case 'question':
        return [`${e.step} question ${e.by} → ${e.to}`];
      case 'effect':
        return [`${e.step} effect ${e.effect} ${e.key} by ${e.agent}`];
      case 'tool_call':
        return [`${e.step} tool ${e.tool} by ${e.agent}`];
      default:
        return [];
    }
  });
}

describe.each([
  ['wrappers', 'crewai-wrappers.json'],
  ['event listener', 'crewai-events.jsonl'],
])('the crewai preset on openinference-instrumentation-crewai (%s mode)', (_mode, file) => {
  it('turns a delegation into a handoff, the coworker’s tool calls into its own effects, and its answer into a return', async () => {
    expect(await story(file, 'crew-7001')).toEqual([
      // The lead's answer to the first message asks the customer for the order.
      '0 question lead → customer',
      '1 handoff lead → refunds (delegation)',
      '1 effect refund A-1001 by refunds',
      '1 return refunds → lead: Refund of 750 EUR issued for order A-1001.',
    ]);
  });

  it('turns "Ask question to coworker" into a question and its answer, not a handoff', async () => {
    expect(await story(file, 'crew-7002')).toEqual([
      '0 question lead → billing',
      '0 return billing → lead: Yes, two identical charges of 40 EUR.',
      '0 handoff lead → refunds (delegation)',
      '0 effect refund A-3003 by refunds',
      '0 return refunds → lead: Refund of 40 EUR issued for order A-3003.',
    ]);
  });

  it('attributes the coworker’s plain tool calls to the coworker, even without an agent span', async () => {
    expect(await story(file, 'crew-7001', [{ preset: 'crewai' }])).toEqual([
      '0 question lead → customer',
      '1 handoff lead → refunds (delegation)',
      '1 tool issue_refund by refunds',
      '1 return refunds → lead: Refund of 750 EUR issued for order A-1001.',
    ]);
  });

  it('matches nothing with the old recipe, which named the span after the tool', async () => {
    const old = [
      {
        name: 'Delegate work to coworker',
        handoff: {
          to: 'json:input.value:coworker',
          payload: 'attr:input.value',
          reason: 'delegation',
        },
      },
    ];
    const derived = await adapter(file, [...old, REFUND_RULE]).derive(crewCase('crew-7001'));

    expect(derived.recognition[0]).toMatchObject({ source: 'rule', spans: 0 });
  });
});
