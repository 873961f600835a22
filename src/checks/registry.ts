import type { Finding } from '../model/finding.ts';
import type { Labels } from '../model/labelled-case.ts';
import type { ChecksConfig } from '../model/suite.ts';
import type { Timeline } from '../model/timeline.ts';
import { bounce } from './bounce.ts';
import type { Check } from './check.ts';
import { withMessage } from './describe-finding.ts';
import { handoffTiming } from './handoff-timing.ts';
import { hops } from './hops.ts';
import { missingFact } from './missing-fact.ts';

/** A check bound to its resolved options, ready to run on every case. */
export interface EnabledCheck {
  readonly name: string;
  run(timeline: Timeline, labels: Labels): Finding[];
}

function bind<O>(check: Check<O>, options: O): EnabledCheck {
  return { name: check.name, run: (t, l) => check.run(t, l, options).map(withMessage) };
}

/** The checks a suite turns on (all by default), each with its options resolved once. */
export function enabledChecks(config: ChecksConfig): EnabledCheck[] {
  const out: EnabledCheck[] = [];
  if (config['handoff-timing'] !== false) out.push(bind(handoffTiming, {}));
  if (config['missing-fact'] !== false) out.push(bind(missingFact, {}));
  if (config.bounce !== false) out.push(bind(bounce, {}));
  const hopsConfig = config.hops;
  if (hopsConfig !== false) {
    const maxHops = hopsConfig?.max_hops;
    out.push(bind(hops, maxHops === undefined ? {} : { maxHops }));
  }
  return out;
}

/** Runs every enabled check on one timeline. */
export function runChecks(
  checks: readonly EnabledCheck[],
  timeline: Timeline,
  labels: Labels,
): Finding[] {
  return checks.flatMap((c) => c.run(timeline, labels));
}
