import type { Rate } from '../model/report.ts';
import type { RolloutStage } from '../model/shadow-config.ts';
import type { Readiness, StageGate } from './shadow-report.ts';

/** What the rollout gates read from a shadow window. */
export interface WindowFigures {
  readonly compared: number;
  readonly agreement: Rate;
  readonly missedEscalations: number;
  readonly errored: number;
  readonly dropped: number;
  readonly finished: number;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The gates of one stage over the window; pure. */
export function stageGates(stage: RolloutStage, w: WindowFigures): StageGate[] {
  const ran = w.compared + w.errored;
  const erroredRate = ran === 0 ? 0 : w.errored / ran;
  const droppedRate = w.finished === 0 ? 0 : w.dropped / w.finished;
  const a = w.agreement;
  return [
    {
      name: 'conversations compared',
      threshold: `>= ${stage.min_conversations}`,
      actual: String(w.compared),
      passed: w.compared >= stage.min_conversations,
    },
    {
      name: 'agreement, lower 95% bound',
      threshold: `>= ${pct(stage.min_agreement)}`,
      actual: `${pct(a.low)} (${a.count}/${a.of} agree, ${pct(a.rate)} [${pct(a.low)}, ${pct(a.high)}])`,
      passed: a.of > 0 && a.low >= stage.min_agreement,
    },
    {
      name: 'new missed escalations',
      threshold: `<= ${stage.max_missed_escalations}`,
      actual: String(w.missedEscalations),
      passed: w.missedEscalations <= stage.max_missed_escalations,
    },
    {
      name: 'candidate errors',
      threshold: `<= ${pct(stage.max_errored_rate)}`,
      actual: `${pct(erroredRate)} (${w.errored}/${ran})`,
      passed: erroredRate <= stage.max_errored_rate,
    },
    {
      name: 'conversations dropped',
      threshold: `<= ${pct(stage.max_dropped_rate)}`,
      actual: `${pct(droppedRate)} (${w.dropped}/${w.finished})`,
      passed: droppedRate <= stage.max_dropped_rate,
    },
  ];
}

/**
 * The readiness verdict for a gradual rollout: stages are taken from the smallest share up, and
 * the candidate is ready for the largest share whose stage and every smaller one pass. The verdict
 * names the share, or the failed gates of the first stage that does not pass.
 */
export function readiness(stages: readonly RolloutStage[], w: WindowFigures): Readiness {
  const ordered = [...stages].sort((a, b) => a.percent - b.percent);
  const judged = ordered.map((s) => {
    const gates = stageGates(s, w);
    return { percent: s.percent, passed: gates.every((g) => g.passed), gates };
  });
  const firstFailed = judged.findIndex((s) => !s.passed);
  const passedUpTo = firstFailed === -1 ? judged.length : firstFailed;
  const percent = passedUpTo === 0 ? 0 : (judged[passedUpTo - 1]?.percent ?? 0);
  const blocker = judged[firstFailed];
  const blocked = blocker
    ? blocker.gates
        .filter((g) => !g.passed)
        .map(describeGate)
        .join('; ')
    : '';
  let verdict: string;
  if (percent === 0) verdict = `not ready for a canary: ${blocked}`;
  else if (!blocker) verdict = `ready for a canary at ${percent}%`;
  else verdict = `ready for a canary at ${percent}% (${blocker.percent}% needs ${blocked})`;
  return { percent, ready: percent > 0, verdict, stages: judged };
}

function describeGate(g: StageGate): string {
  return `${g.name} ${g.actual}, needs ${g.threshold}`;
}
