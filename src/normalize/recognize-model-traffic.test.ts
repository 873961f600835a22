import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { ATTR, EVENT, GENAI } from '../conventions/attributes.ts';
import { MODEL_TRAFFIC_ATTR, VIA_MODEL_TRAFFIC } from '../conventions/model-traffic.ts';
import { handoffsOf } from '../model/timeline.ts';
import { normalize } from './normalize.ts';
import { spanRecord, stepSpan } from './span-fixtures.ts';
import type { SpanRecord } from './span-record.ts';

const step = stepSpan;

/** A handoff span as the ledger writes it for a tool call in a model response. */
function traffic(id: string, at: number, parentId: string, from: string, to: string): SpanRecord {
  return spanRecord(
    id,
    at,
    {
      [ATTR.event]: EVENT.handoff,
      [ATTR.handoffFrom]: from,
      [ATTR.handoffTo]: to,
      [ATTR.handoffPayload]: '{"findings":[1,2,3]}',
      [MODEL_TRAFFIC_ATTR.via]: VIA_MODEL_TRAFFIC,
      [MODEL_TRAFFIC_ATTR.tool]: `handoff_to_${to}`,
    },
    { parentId },
  );
}

function traced(id: string, at: number, parentId: string, from: string, to: string): SpanRecord {
  return spanRecord(
    id,
    at,
    { [ATTR.event]: EVENT.handoff, [ATTR.handoffFrom]: from, [ATTR.handoffTo]: to },
    { parentId },
  );
}

const shown = (spans: SpanRecord[]) =>
  handoffsOf(normalize(spans)).map((h) => `${h.step}:${h.from}>${h.to}:${h.spanId}`);

describe('handoffs read from model traffic', () => {
  it('are handoffs at their step, with the payload the tool carried', () => {
    const [h] = handoffsOf(
      normalize([step(0), step(1), traffic('m', 120, 'step1', 'researcher', 'writer')]),
    );
    expect(h).toMatchObject({
      step: 1,
      from: 'researcher',
      to: 'writer',
      payload: { findings: [1, 2, 3] },
    });
  });

  it('take their sender from an agent span above the request (Baton or GenAI) when there is one', () => {
    const agent = spanRecord(
      'ag',
      101,
      { [ATTR.event]: EVENT.agent, [ATTR.agent]: 'editor' },
      { parentId: 'step1' },
    );
    const genai = spanRecord(
      'gen',
      201,
      { [GENAI.operation]: 'invoke_agent', [GENAI.agentName]: 'critic' },
      { parentId: 'step2' },
    );
    const call = spanRecord('sdk', 202, { 'gen_ai.operation.name': 'chat' }, { parentId: 'gen' });
    expect(
      shown([
        step(0),
        step(1),
        step(2),
        agent,
        genai,
        call,
        traffic('m0', 10, 'step0', 'researcher', 'writer'),
        traffic('m1', 110, 'ag', 'researcher', 'writer'),
        traffic('m2', 210, 'sdk', 'researcher', 'writer'),
      ]),
    ).toEqual(['0:researcher>writer:m0', '1:editor>writer:m1', '2:critic>writer:m2']);
  });

  it('count once when the application traces the same handoff (same step and receiver)', () => {
    const spans = [
      step(0),
      step(1),
      traffic('m0', 10, 'step0', 'researcher', 'writer'),
      traced('t0', 20, 'step0', 'researcher', 'writer'),
      // Another step: not the same handoff.
      traffic('m1', 110, 'step1', 'writer', 'researcher'),
      traced('t1', 20, 'step0', 'writer', 'editor'),
    ];
    expect(shown(spans)).toEqual([
      '0:researcher>writer:t0',
      '0:writer>editor:t1',
      '1:writer>researcher:m1',
    ]);
  });

  test.prop([
    fc.array(fc.tuple(fc.nat({ max: 3 }), fc.constantFrom('writer', 'editor', 'critic')), {
      maxLength: 8,
    }),
    fc.nat({ max: 4 }),
  ])(
    'each traced handoff absorbs at most one traffic handoff, so none is ever lost twice',
    (pairs, tracedCount) => {
      const spans: SpanRecord[] = [0, 1, 2, 3].map(step);
      pairs.forEach(([s, to], i) => {
        spans.push(traffic(`m${i}`, s * 100 + 10 + i, `step${s}`, 'researcher', to));
      });
      pairs.slice(0, tracedCount).forEach(([s, to], i) => {
        spans.push(traced(`t${i}`, s * 100 + 50 + i, `step${s}`, 'researcher', to));
      });
      const kept = handoffsOf(normalize(spans));
      const tracedKept = kept.filter((h) => h.spanId.startsWith('t')).length;
      expect(tracedKept).toBe(Math.min(tracedCount, pairs.length));
      expect(kept.length).toBe(pairs.length);
    },
  );
});
