import { build, type Histogram } from 'hdr-histogram-js';

/**
 * Waiting times of one queue in bounded memory (an HdrHistogram of microseconds, three
 * significant digits): a long shadow run records millions of waits in a few kilobytes, and the
 * quantiles it reports are within 0.1% of the exact ones.
 */
export class WaitHistogram {
  private readonly histogram: Histogram = build({
    bitBucketSize: 'packed',
    numberOfSignificantValueDigits: 3,
  });
  private unansweredCount = 0;

  record(ms: number | undefined): void {
    if (ms === undefined) this.unansweredCount++;
    else this.histogram.recordValue(Math.max(0, Math.round(ms * 1000)));
  }

  get count(): number {
    return this.histogram.totalCount;
  }

  get unanswered(): number {
    return this.unansweredCount;
  }

  /** The wait at percentile `p` (0–100), in milliseconds; 0 when nothing was recorded. */
  percentileMs(p: number): number {
    if (this.count === 0) return 0;
    // A bucket reports its highest value; never above the largest wait actually recorded.
    return Math.min(this.histogram.getValueAtPercentile(p), this.histogram.maxValue) / 1000;
  }

  get maxMs(): number {
    return this.count === 0 ? 0 : this.histogram.maxValue / 1000;
  }
}
