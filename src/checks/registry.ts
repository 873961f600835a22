import type { Finding } from '../model/finding.ts';
import type { Labels } from '../model/labelled-case.ts';
import type { ChecksConfig } from '../model/suite.ts';
import type { Timeline } from '../model/timeline.ts';
import { bounce } from './bounce.ts';
import type { Check, Opportunities } from './check.ts';
import { withMessage } from './describe-finding.ts';
import { doubleOwner } from './effects/double-owner.ts';
import { effectCount } from './effects/effect-count.ts';
import { effectOrder } from './effects/effect-order.ts';
import { effectOwner } from './effects/effect-owner.ts';
import { effectTiming } from './effects/effect-timing.ts';
import { effectWindow } from './effects/effect-window.ts';
import { lostWork } from './effects/lost-work.ts';
import { noWayBack } from './effects/no-way-back.ts';
import { unexpectedHost } from './effects/unexpected-host.ts';
import { halt } from './halt.ts';
import { handoffReask } from './handoff-reask.ts';
import { handoffReason } from './handoff-reason.ts';
import { handoffTiming } from './handoff-timing.ts';
import { hops } from './hops.ts';
import { missingFact } from './missing-fact.ts';
import { toolTrajectory } from './tools/tool-trajectory.ts';

/** A check bound to its resolved options, ready to run on every case. */
export interface EnabledCheck {
  readonly name: string;
  run(timeline: Timeline, labels: Labels): Finding[];
  opportunities(timeline: Timeline, labels: Labels): Opportunities;
}

/** Binds a check to its options; contract and effect checks join the list through this. */
export function bindCheck<O>(check: Check<O>, options: O): EnabledCheck {
  return {
    name: check.name,
    run: (t, l) => {
      const found = check.run(t, l, options);
      // Most checks find nothing in most cases.
      return found.length === 0 ? [] : found.map(withMessage);
    },
    opportunities: (t, l) => check.opportunities(t, l, options),
  };
}

/** What checks read from the suite besides `checks:`. */
export interface SuiteContext {
  /** The suite's `facts:` map: fact name → how people ask for it. */
  readonly facts?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The checks a suite turns on, each with its options resolved once: all by default, except the
 * reason check, which a suite opts into (`reason: true`), and the halt check, which is always on.
 */
export function enabledChecks(config: ChecksConfig, suite: SuiteContext = {}): EnabledCheck[] {
  const out: EnabledCheck[] = [];
  if (config['handoff-timing'] !== false) {
    // With the bounce check off, a bounced handoff is still a handoff nobody expected.
    out.push(bindCheck(handoffTiming, { bouncesAsUnneeded: config.bounce === false }));
  }
  const missingFactConfig = config['missing-fact'];
  if (missingFactConfig !== false) {
    out.push(bindCheck(missingFact, { match: missingFactConfig?.match ?? 'equals' }));
  }
  const reason = config.reason;
  if (reason !== undefined && reason !== false) {
    out.push(bindCheck(handoffReason, reason === true ? {} : { require: reason.require }));
  }
  if (config.reask !== false)
    out.push(bindCheck(handoffReask, suite.facts ? { facts: suite.facts } : {}));
  if (config.tools !== false)
    out.push(bindCheck(toolTrajectory, config.tools?.match ? { match: config.tools.match } : {}));
  if (config.bounce !== false) out.push(bindCheck(bounce, {}));
  const hopsConfig = config.hops;
  if (hopsConfig !== false) {
    const maxHops = hopsConfig?.max_hops;
    out.push(bindCheck(hops, maxHops === undefined ? {} : { maxHops }));
  }
  if (config.effects !== false) {
    for (const check of [
      effectCount,
      effectWindow,
      effectOrder,
      effectOwner,
      effectTiming,
      unexpectedHost,
    ]) {
      out.push(bindCheck(check, {}));
    }
  }
  if (config.ownership !== false) {
    for (const check of [doubleOwner, lostWork, noWayBack]) out.push(bindCheck(check, {}));
  }
  // Always on: a run its framework stopped never passes, whatever else a suite turns off.
  out.push(bindCheck(halt, {}));
  return out;
}

/** Runs every enabled check on one timeline. */
export function runChecks(
  checks: readonly EnabledCheck[],
  timeline: Timeline,
  labels: Labels,
): Finding[] {
  const findings: Finding[] = [];
  for (const check of checks) for (const f of check.run(timeline, labels)) findings.push(f);
  return findings;
}

/**
 * Sums the opportunities every enabled check had in one timeline, in the order the codes first
 * come. A code no check gave a chance is left out (every reader of a run skips a zero): most
 * codes of most cases, and an object of a few fields stays a fast one.
 */
export function countOpportunities(
  checks: readonly EnabledCheck[],
  timeline: Timeline,
  labels: Labels,
): Opportunities {
  const total: Opportunities = {};
  const zeros: string[] = [];
  for (const check of checks) {
    const counts = check.opportunities(timeline, labels);
    for (const code in counts) {
      const key = code as keyof Opportunities;
      const n = counts[key] ?? 0;
      const sum = total[key];
      if (sum !== undefined) total[key] = sum + n;
      else if (n === 0) {
        if (!zeros.includes(code)) zeros.push(code);
      } else if (zeros.includes(code)) {
        // A code that came first with none: its place is where it first came, as every code's.
        return countAll(checks, timeline, labels);
      } else total[key] = n;
    }
  }
  return total;
}

/** Every code the checks name, zeros too, in the order they first come. */
function countAll(checks: readonly EnabledCheck[], timeline: Timeline, labels: Labels) {
  const total: Opportunities = {};
  for (const check of checks) {
    const counts = check.opportunities(timeline, labels);
    for (const code in counts) {
      const key = code as keyof Opportunities;
      total[key] = (total[key] ?? 0) + (counts[key] ?? 0);
    }
  }
  return total;
}
