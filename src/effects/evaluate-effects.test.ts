import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluateSuite } from '../public/evaluate.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

describe('a suite with effects, a cassette and a case fault, through evaluateSuite', () => {
  it('replays the model, fakes the endpoint, applies the case fault, errors the cassette miss', async () => {
    const evaluation = await evaluateSuite('test/fixtures/effects/suite.yaml', { cwd: REPO });
    if (!evaluation.ok) throw new Error(JSON.stringify(evaluation.problems));

    const cases = evaluation.report.cases.map((c) => [c.id, c.status, c.error?.message]);
    expect(cases).toEqual([
      ['answered', 'pass', undefined],
      ['not-recorded', 'error', expect.any(String)],
      [
        'refund-503',
        'error',
        "the adapter threw Error: the refund service answered 503 (at test/fixtures/effects/implementation.ts:26:33), after Baton injected the case's fault http_error 503 at refund (POST https://payments.test/refunds): the implementation did not recover from it. Fix: handle that failure (retry the request with an idempotency key the endpoint deduplicates, or report it), or take the fault out of the case if it is not meant to be survived",
      ],
    ]);
    expect(cases[1]?.[2]).toBe(
      'the adapter threw CassetteMissError: Failed to replay POST https://api.model.test/v1/chat from cassette cassette.json: it holds no recorded answer for this request in case not-recorded. Re-record it: set cassette.mode to record in the suite and run the suite against the real service',
    );
  });
});
