/** A span object found in an OTLP/JSON document: its bytes and where it is. */
export interface ScannedSpan {
  readonly bytes: Buffer;
  readonly line: number;
  readonly start: number;
  readonly end: number;
  /** Which `spans` array it is in (counts from 0) and its index there: adjacent spans merge. */
  readonly list: number;
  readonly index: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const NEWLINE = 0x0a;

interface Frame {
  readonly array: boolean;
  /** The key this container sits under in its parent object. */
  readonly key: string | undefined;
  index: number;
}

const SCOPE_KEYS = new Set(['scopeSpans', 'instrumentationLibrarySpans']);

/**
 * Finds the span objects of an OTLP/JSON document (`resourceSpans[].scopeSpans[].spans[]`) in a
 * stream of byte chunks without parsing the document: it tracks only strings, brackets and keys
 * down to the span level, and hands each span object's bytes on whole. So a pretty-printed export
 * of any size is read in one pass with memory for one span. Several documents in a row (JSON
 * lines) are read too. Not a validating parser: a broken span fails where its bytes are parsed,
 * and an unbalanced document is reported by `finish`.
 */
export class SpanObjectScanner {
  private readonly stack: Frame[] = [];
  private inString = false;
  private escaped = false;
  private key: string | undefined;
  private keyChars: number[] | undefined;
  private expectKey = false;
  private line = 1;
  private problemAt: number | undefined;
  private lists = -1;
  // The span object being captured: its pieces, start, depth inside it and first line.
  private parts: Buffer[] | undefined;
  private captureStart = 0;
  private captureLine = 0;
  private depth = 0;
  private problem: string | undefined;

  /** `offset`: the file offset of the first byte pushed (past a byte-order mark, say). */
  constructor(private offset = 0) {}

  /**
   * Feeds the next chunk; returns the span objects that ended in it, whose bytes may be views
   * of the chunk (read them before the next push: the chunk may be reused). The start of a span
   * that goes on past the chunk is copied.
   */
  push(chunk: Buffer): ScannedSpan[] {
    const found: ScannedSpan[] = [];
    let partFrom = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i] as number;
      if (c === NEWLINE) this.line++;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.endString();
        else if (this.keyChars) this.keyChars.push(c);
        continue;
      }
      if (this.parts) {
        if (c === QUOTE) this.inString = true;
        else if (c === OPEN_OBJECT || c === OPEN_ARRAY) this.depth++;
        else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && --this.depth === 0) {
          this.parts.push(chunk.subarray(partFrom, i + 1));
          found.push(this.endCapture(i));
        }
        continue;
      }
      this.structural(c, i);
      if (this.parts) partFrom = i;
    }
    if (this.parts) this.parts.push(Buffer.from(chunk.subarray(partFrom)));
    this.offset += chunk.length;
    return found;
  }

  /** Undefined when the input ended cleanly, else what is wrong with it. */
  /** The line a problem was found at (or the last line, when the file just ends too early). */
  get problemLine(): number {
    return this.problemAt ?? this.line;
  }

  finish(): string | undefined {
    if (this.problem) return this.problem;
    if (this.stack.length > 0 || this.parts || this.inString)
      return `the JSON ends at line ${this.line} before its objects and arrays are closed`;
    return undefined;
  }

  private structural(c: number, i: number): void {
    switch (c) {
      case QUOTE:
        this.inString = true;
        this.keyChars = this.expectKey && this.stack.length <= 5 ? [] : undefined;
        return;
      case OPEN_OBJECT:
        if (this.atSpan()) {
          this.startCapture(i);
          return;
        }
        this.open(false);
        this.expectKey = true;
        return;
      case OPEN_ARRAY:
        this.open(true);
        return;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        if (this.stack.pop() === undefined) {
          this.problemAt ??= this.line;
          this.problem ??= `unexpected \`${String.fromCharCode(c)}\` at line ${this.line}`;
        }
        this.expectKey = false;
        return;
      case COMMA: {
        const top = this.stack.at(-1);
        if (top) top.index++;
        this.expectKey = top !== undefined && !top.array;
        return;
      }
      case COLON:
        this.expectKey = false;
        return;
    }
  }

  private open(array: boolean): void {
    const parent = this.stack.at(-1);
    const key = parent && !parent.array ? this.key : undefined;
    this.stack.push({ array, key, index: 0 });
    if (array && key === 'spans') this.lists++;
  }

  private endString(): void {
    this.inString = false;
    if (this.keyChars) this.key = Buffer.from(this.keyChars).toString('latin1');
    this.keyChars = undefined;
  }

  /** True at the `{` of an element of resourceSpans[].scopeSpans[].spans. */
  private atSpan(): boolean {
    const s = this.stack;
    return (
      s.length === 6 &&
      s[5]?.array === true &&
      s[5].key === 'spans' &&
      SCOPE_KEYS.has(s[3]?.key ?? '') &&
      s[1]?.key === 'resourceSpans'
    );
  }

  private startCapture(i: number): void {
    this.parts = [];
    this.depth = 1;
    this.captureStart = this.offset + i;
    this.captureLine = this.line;
  }

  private endCapture(i: number): ScannedSpan {
    const parts = this.parts ?? [];
    this.parts = undefined;
    const list = this.stack[5] as Frame;
    return {
      bytes: parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts),
      line: this.captureLine,
      start: this.captureStart,
      end: this.offset + i + 1,
      list: this.lists,
      index: list.index,
    };
  }
}
