/**
 * One copy of each short text that recurs across spans (span names, agent and tool names,
 * conversation ids): a reader holding thousands of spans keeps one string per value instead of
 * one per span, so less of what it holds ages into the old generation. Bounded: when full it
 * starts over, so a file of unique values costs a lookup a value and nothing more.
 */
export class Interner {
  private readonly seen = new Map<string, string>();

  constructor(
    private readonly maxEntries = 4096,
    private readonly maxLength = 64,
  ) {}

  intern(text: string): string {
    if (text.length > this.maxLength) return text;
    const known = this.seen.get(text);
    if (known !== undefined) return known;
    if (this.seen.size >= this.maxEntries) this.seen.clear();
    this.seen.set(text, text);
    return text;
  }
}
