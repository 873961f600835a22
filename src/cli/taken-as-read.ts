import type { CaseList, CaseResult } from '../model/report.ts';

/**
 * A list of cases that keeps `take` of each case the first time every case is read through it,
 * so what a later step needs of each is not read from the files a second time.
 */
export class TakenAsRead<T> implements CaseList {
  private readonly kept: T[] = [];
  private complete = false;

  constructor(
    private readonly cases: CaseList,
    private readonly take: (c: CaseResult) => T,
  ) {}

  get length(): number {
    return this.cases.length;
  }

  *[Symbol.iterator](): Generator<CaseResult> {
    const taking = !this.complete;
    let i = 0;
    for (const c of this.cases) {
      if (taking) this.kept[i] = this.take(c);
      i++;
      yield c;
    }
    if (taking && i === this.cases.length) this.complete = true;
  }

  /** `take` of every case: kept from a whole read, or read now. */
  taken(): T[] {
    return this.complete ? this.kept : Array.from(this.cases, this.take);
  }
}
