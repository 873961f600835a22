import { HexKeyTable } from './hex-key-table.ts';

/**
 * The last `max` distinct keys added, for membership tests. Evicting the oldest through a Set's
 * iterator (`values().next()`) walks over every entry deleted before it until the table is
 * rebuilt, which made readers of long files slow down quadratically; a ring of the keys in
 * insertion order evicts in constant time. Keys of 32 lowercase hex digits (trace ids as Baton
 * writes them) are kept as numbers outside the JavaScript heap: a reader remembering 100,000
 * traces then holds no strings for them, which the garbage collector would scan and copy.
 */
export class RecentKeys {
  private readonly hex: HexKeyTable;
  private readonly others = new Set<string>();
  /** Per ring place: the key when it is not hex, else undefined. */
  private readonly ring: (string | undefined)[] = [];
  private next = 0;
  private count = 0;

  constructor(private readonly max: number) {
    this.hex = new HexKeyTable(max);
  }

  has(key: string): boolean {
    return this.hex.load(key) ? this.hex.find() !== -1 : this.others.has(key);
  }

  add(key: string): void {
    const hex = this.hex.load(key);
    if (hex ? this.hex.find() !== -1 : this.others.has(key)) return;
    if (this.count === this.max) this.evict(this.next);
    else this.count++;
    if (hex) {
      this.hex.put(this.next);
      this.ring[this.next] = undefined;
    } else {
      this.others.add(key);
      this.ring[this.next] = key;
    }
    this.next = (this.next + 1) % this.max;
  }

  get size(): number {
    return this.count;
  }

  private evict(place: number): void {
    const other = this.ring[place];
    if (other !== undefined) this.others.delete(other);
    else this.hex.remove(place);
  }
}
