import { describe, expect, it } from 'vitest';
import { describeFinding } from '../describe-finding.ts';
import { effectLabels, request, timeline } from './effect-fixtures.ts';
import { unexpectedHost } from './unexpected-host.ts';

describe('unexpected-host', () => {
  it('flags each refused request and only those', () => {
    const refused = { ...request('evil.test', 2, true), agent: 'refunds' };
    const t = timeline(request('payments.test', 1, false), refused);
    const findings = unexpectedHost.run(t, effectLabels(), {});

    expect(findings).toEqual([
      {
        check: 'unexpected-host',
        code: 'effect.unexpected_host',
        outcome: 'fail',
        step: 2,
        expected: null,
        observed: {
          method: 'POST',
          url: 'https://evil.test/x',
          host: 'evil.test',
          agent: 'refunds',
        },
        spanIds: [refused.spanId],
      },
    ]);
    expect(describeFinding(findings[0]!)).toBe(
      'refunds sent POST https://evil.test/x: evil.test is not an allowed host (refused, never sent)',
    );
    expect(unexpectedHost.opportunities(t, effectLabels(), {})).toEqual({
      'effect.unexpected_host': 2,
    });
  });
});
