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
  const rng = xoroshiro128plus(seed);
  const weights = new Int32Array(n);
  for (let r = 0; r < resamples; r++) {
    weights.fill(0);
    for (let i = 0; i < n; i++) {
      const drawn = uniformInt(rng, 0, n - 1);
      weights[drawn] = (weights[drawn] ?? 0) + 1;
    }
    yield weights;
  }
}
