import { probit } from 'simple-statistics';

/** What a minimum detectable difference is computed for: a test level and a power. */
export interface DetectionSettings {
  /** Two-sided significance level (0.05). */
  readonly alpha: number;
  /** The chance of detecting a real difference of the MDD's size (0.8). */
  readonly power: number;
}

/** z_{1−α/2} + z_{power}: 1.96 + 0.84 = 2.80 at α = 0.05 and 80% power. */
export function detectionMultiplier(s: DetectionSettings): number {
  return probit(1 - s.alpha / 2) + probit(s.power);
}

/**
 * The minimum detectable difference of a paired comparison:
 *
 *   MDD = max( (z_{1−α/2} + z_{power}) · SE,  floor )
 *
 * SE is the paired bootstrap standard error of the difference; the floor is the smallest change
 * the exact McNemar test can ever call significant with these cases (its minimum number of
 * discordant cases, each moving the metric by its smallest step). The floor keeps the MDD
 * honest when the two runs agree on every case and SE is zero.
 */
export function minimumDetectableDifference(se: number, floor: number, s: DetectionSettings) {
  return Math.max(detectionMultiplier(s) * se, floor);
}
