import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * The resamples of a paired (cluster) bootstrap: each is a multiplicity per case, how many times
 * that case was drawn when `n` cases were drawn with replacement. A case is drawn with both its
 * sides and all its repeats, so the pairing and the clustering by case survive resampling. The
 * same seed gives the same resamples on every machine (xoroshiro128+ from pure-rand).
 */
export function* resampleWeights(
  n: number,
  resamples: number,
  seed: number,
): Generator<Int32Array> {
  yield* groupWeights(n, undefined, n, resamples, seed);
}

/**
 * `resampleWeights` summed by group: the same draws, each counted for the group its case is in
 * (`groupOf[case]`, of `groups` groups). Cases alike share a group, so a resample's sums are
 * `groups` products, not one a case.
 */
export function* resampleGroupWeights(
  groupOf: Int32Array,
  groups: number,
  resamples: number,
  seed: number,
): Generator<Int32Array> {
  yield* groupWeights(groupOf.length, groupOf, groups, resamples, seed);
}

function* groupWeights(
  n: number,
  groupOf: Int32Array | undefined,
  groups: number,
  resamples: number,
  seed: number,
): Generator<Int32Array> {
  const rng = xoroshiro128plus(seed);
  const weights = new Int32Array(groups);
  for (let r = 0; r < resamples; r++) {
    weights.fill(0);
    for (let i = 0; i < n; i++) {
      const drawn = uniformInt(rng, 0, n - 1);
      const g = groupOf === undefined ? drawn : (groupOf[drawn] as number);
      weights[g] = (weights[g] as number) + 1;
    }
    yield weights;
  }
}
