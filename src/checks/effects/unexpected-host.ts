import type { FindingData } from '../../model/finding.ts';
import type { RequestEvent } from '../../model/timeline.ts';
import { defineCheck } from '../check.ts';

function requestsOf(events: readonly { kind: string }[]): RequestEvent[] {
  return events.filter((e): e is RequestEvent => e.kind === 'request');
}

/**
 * effect.unexpected_host: an outbound request to a host the suite does not allow. Baton refused
 * it (it never left), so this finds the attempt: one finding per refused request.
 */
export const unexpectedHost = defineCheck<Record<string, never>>({
  name: 'unexpected-host',
  opportunities: (timeline) => ({ 'effect.unexpected_host': requestsOf(timeline.events).length }),
  run(timeline) {
    const findings: FindingData[] = [];
    for (const r of requestsOf(timeline.events)) {
      if (!r.refused) continue;
      findings.push({
        check: 'unexpected-host',
        code: 'effect.unexpected_host',
        outcome: 'fail',
        step: r.step,
        expected: null,
        observed: {
          method: r.method,
          url: r.url,
          host: r.host,
          ...(r.agent !== undefined && { agent: r.agent }),
        },
        spanIds: [r.spanId],
      });
    }
    return findings;
  },
});
