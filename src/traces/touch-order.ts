/**
 * Items in the order they were last touched, oldest first, for readers that hold many and touch
 * one at every span. A Map kept in that order (`delete` then `set` on every touch) leaves a hole
 * a touch that V8 only clears when it rebuilds the table, and each rebuilt table stays reachable
 * from the one before: held spans age into the old generation with it. Here a touch appends the
 * item with a stamp and the earlier entry goes stale; stale entries are skipped at the head.
 */
export class TouchOrder<T> {
  private items: (T | undefined)[] = [];
  private stamps: number[] = [];
  private head = 0;
  /** At this many entries, stale ones are swept out: memory stays a few entries an item. */
  private limit = 4096;

  /** Appends `item` touched at `stamp`; an entry is current while `stampOf(item)` still equals it. */
  constructor(private readonly stampOf: (item: T) => number) {}

  touch(item: T, stamp: number): void {
    if (this.items.length >= this.limit) this.sweep();
    this.items.push(item);
    this.stamps.push(stamp);
  }

  /** Entries held, stale ones included (a few per item at most). */
  get entries(): number {
    return this.items.length - this.head;
  }

  /** The least recently touched current item, or undefined when none is left. */
  oldest(): T | undefined {
    const { items, stamps } = this;
    while (this.head < items.length) {
      const item = items[this.head] as T;
      if (this.stampOf(item) === stamps[this.head]) return item;
      // Let go of what the queue has passed: a stale entry must not keep its item alive.
      items[this.head++] = undefined;
    }
    this.compact();
    return undefined;
  }

  /** Drops the head entry (the item `oldest` returned), compacting now and then. */
  shift(): void {
    this.items[this.head++] = undefined;
    if (this.head >= 4096 && this.head * 2 >= this.items.length) this.compact();
  }

  /** Keeps only current entries, in order; the next sweep waits until they have quadrupled. */
  private sweep(): void {
    const items: T[] = [];
    const stamps: number[] = [];
    for (let i = this.head; i < this.items.length; i++) {
      const item = this.items[i] as T;
      if (this.stampOf(item) !== this.stamps[i]) continue;
      items.push(item);
      stamps.push(this.stamps[i] as number);
    }
    this.items = items;
    this.stamps = stamps;
    this.head = 0;
    this.limit = Math.max(4096, items.length * 4);
  }

  private compact(): void {
    this.items = this.items.slice(this.head);
    this.stamps = this.stamps.slice(this.head);
    this.head = 0;
  }
}
