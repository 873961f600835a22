/**
 * The last `max` distinct keys added, for membership tests. Evicting the oldest through a Set's
 * iterator (`values().next()`) walks over every entry deleted before it until the table is
 * rebuilt, which made readers of long files slow down quadratically (a 300,000-trace file spent
 * most of its time there); a ring of the keys in insertion order evicts in constant time.
 */
export class RecentKeys {
  private readonly set = new Set<string>();
  private readonly ring: (string | undefined)[] = [];
  private next = 0;

  constructor(private readonly max: number) {}

  has(key: string): boolean {
    return this.set.has(key);
  }

  add(key: string): void {
    if (this.set.has(key)) return;
    const oldest = this.ring[this.next];
    if (oldest !== undefined) this.set.delete(oldest);
    this.ring[this.next] = key;
    this.next = (this.next + 1) % this.max;
    this.set.add(key);
  }

  get size(): number {
    return this.set.size;
  }
}
