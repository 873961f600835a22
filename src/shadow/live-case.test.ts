import { describe, expect, it } from 'vitest';
import { type LiveTurn, liveConversation } from '../../test/fixtures/shadow/live-spans.ts';
import { ATTR } from '../conventions/attributes.ts';
import { ShadowConfig } from '../model/shadow-config.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
import { liveCase } from './live-case.ts';
import { liveReader } from './live-trace.ts';
import { liveView } from './live-view.ts';

const turns: LiveTurn[] = [
  { input: { kind: 'customer', text: 'Internet is slow, user ana.' }, owner: 'network' },
  { input: { kind: 'signal', values: { confidence: 0.4 } }, owner: 'network' },
];

/** The conversation with the second turn's baton.step.input written as `input` (or left out). */
function caseWith(input: string | undefined) {
  const spans = liveConversation('c-1', turns).flat();
  const second = spans.filter((s) => s.name === 'POST /turn')[1] as SpanRecord;
  const changed = spans.map((s) =>
    s === second ? { ...s, attributes: { ...s.attributes, [ATTR.stepInput]: input } } : s,
  );
  const read = liveReader(ShadowConfig.parse({}).live);
  return liveCase('c-1', liveView(read(changed)));
}

describe('liveCase and the step inputs of a live conversation', () => {
  it('replays a signal written as {"kind":"signal","confidence":0.4}', () => {
    const c = caseWith('{"kind":"signal","confidence":0.4}');

    expect(c.ok && c.case.steps[1]).toEqual({ kind: 'signal', values: { confidence: 0.4 } });
  });

  it('names an input that is not a step, why, and the shapes it may take', () => {
    const c = caseWith('{"confidence":0.4}');

    expect(c.ok).toBe(false);
    expect(!c.ok && c.reason.replace(/^step 1 \(.*?\) /, '')).toBe(
      'has a baton.step.input that is not a step: it names no kind (customer, tool, signal or person), on span "POST /turn". Write it as {"kind":"customer","text":"…"}, {"kind":"signal","confidence":0.4}, {"kind":"tool","name":"lookup","ok":true,"result":{}} or {"kind":"person","who":"supervisor","decision":"approve"}',
    );
  });

  it('says a step with no input at all needs the attribute, with an example', () => {
    const c = caseWith(undefined);

    expect(c.ok).toBe(false);
    expect(!c.ok && c.reason).toMatch(
      /^step 1 \(.*\) has no input: give the span that starts it a baton\.step\.input attribute, the step as JSON \(\{"kind":"customer","text":"…"\}, \{"kind":"signal","confidence":0\.4\}/,
    );
  });
});
