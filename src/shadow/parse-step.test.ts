import { describe, expect, it } from 'vitest';
import { readStep } from './parse-step.ts';

describe('readStep', () => {
  it('reads a signal with its values beside its kind, as a service naturally writes it', () => {
    expect(readStep('{"kind":"signal","confidence":0.4}')).toEqual({
      ok: true,
      step: { kind: 'signal', values: { confidence: 0.4 } },
    });
  });

  it('reads the other shapes of a signal the same way', () => {
    const signal = { ok: true, step: { kind: 'signal', values: { confidence: 0.4 } } };
    expect(readStep('{"kind":"signal","values":{"confidence":0.4}}')).toEqual(signal);
    expect(readStep('{"signal":{"confidence":0.4}}')).toEqual(signal);
  });

  it('takes text that is not JSON, or a JSON string, as a customer’s words', () => {
    expect(readStep('My order never came')).toEqual({
      ok: true,
      step: { kind: 'customer', text: 'My order never came' },
    });
    expect(readStep('"hi"')).toEqual({ ok: true, step: { kind: 'customer', text: 'hi' } });
  });

  it('says why text is not a step', () => {
    expect(readStep('{"confidence":0.4}')).toEqual({
      ok: false,
      why: 'it names no kind (customer, tool, signal or person)',
    });
    expect(readStep('{"kind":"note"}')).toEqual({
      ok: false,
      why: 'kind "note" is not customer, tool, signal or person',
    });
    expect(readStep('{"kind":"signal","confidence":[1]}')).toEqual({
      ok: false,
      why: "values.confidence: a signal's values are strings, numbers or true/false",
    });
    expect(readStep('[1]')).toEqual({ ok: false, why: 'it is JSON but not an object' });
    expect(readStep('{"kind":"customer"}')).toMatchObject({ ok: false, why: /^text: / });
  });
});
