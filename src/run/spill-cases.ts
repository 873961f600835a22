import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CASES_PER_COLLECTION, collectGarbage, LARGE_RUN } from '../io/collect-garbage.ts';
import { readAt } from '../io/read-at.ts';
import { jsonText } from '../json-text.ts';
import type { CaseList, CaseResult } from '../model/report.ts';
import type { CaseSink } from './case-sink.ts';

/** Bytes gathered before one write to the spill file. */
const FLUSH_AT = 1 << 18;
/** Bytes read from the spill file at once when reading it back. */
const READ_BLOCK = 1 << 20;

/** How a spilled result is written: any JSON text of it (pretty or compact) reads back. */
export type RenderResult = (result: CaseResult) => string;

const compact: RenderResult = (result) => JSON.stringify(result);

/**
 * Payload values are JSON-like; a bigint an implementation put there is written as text. Only
 * when `render` refuses a bigint is the result turned into plain JSON data first.
 */
function textOf(result: CaseResult, render: RenderResult): string {
  try {
    return render(result);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return render(JSON.parse(jsonText(result) as string) as CaseResult);
  }
}

/**
 * A sink that writes each finished case's result as JSON text to a file of its own under the
 * system temp folder and keeps only where each text is: a run of 100,000 cases holds none of
 * their results. Reading the list back parses one result at a time, in report order; `texts()`
 * gives the texts themselves, as written, for a reporter that copies them (report.json).
 * `dispose()` removes the file; so does the process exiting (a second Ctrl-C) before it.
 */
export class SpilledCases implements CaseSink<CaseList> {
  readonly dir: string;
  readonly file: string;
  private fd: number | undefined;
  private written = 0;
  // Texts are encoded straight into this buffer, which is written out when full.
  private readonly pending = Buffer.allocUnsafe(FLUSH_AT);
  private pendingBytes = 0;
  // Where each result's text starts and how many bytes it has, by its place in the report.
  private readonly offsets: number[] = [];
  private readonly lengths: number[] = [];
  private count = 0;
  private listed: CaseList | undefined;
  private readonly onExit = () => this.dispose();

  /** `render`: how each result is written (compact JSON unless given). */
  constructor(
    parent = tmpdir(),
    private readonly render: RenderResult = compact,
  ) {
    this.dir = mkdtempSync(join(parent, 'baton-cases-'));
    this.file = join(this.dir, 'cases.jsonl');
    this.fd = openSync(this.file, 'w+', 0o600);
    process.once('exit', this.onExit);
  }

  add(index: number, result: CaseResult): void {
    const text = textOf(result, this.render);
    if (this.offsets[index] === undefined) this.count++;
    // At most 3 bytes a UTF-16 unit, and the newline: a text that may not fit goes out alone.
    if (this.pendingBytes + text.length * 3 + 1 > FLUSH_AT) this.flush();
    const at = this.written + this.pendingBytes;
    let bytes: number;
    if (text.length * 3 + 1 <= FLUSH_AT) {
      bytes = this.pending.write(text, this.pendingBytes);
      this.pendingBytes += bytes;
    } else {
      const encoded = Buffer.from(text);
      bytes = encoded.length;
      this.writeOut(encoded);
    }
    // A newline between texts keeps the file readable as JSON lines when they are compact.
    this.pending[this.pendingBytes++] = 0x0a;
    this.offsets[index] = at;
    this.lengths[index] = bytes;
    this.listed = undefined;
  }

  /** The results in report order; the same list until another result is added. */
  list(): CaseList {
    this.flush();
    const length = this.count;
    this.listed ??= { length, [Symbol.iterator]: () => this.results() };
    return this.listed;
  }

  /** Each result's text as written (`render`'s), as UTF-8 bytes, in report order. */
  *texts(): Generator<Uint8Array> {
    this.flush();
    yield* this.read();
  }

  /** Closes and removes the spill file; the list reads nothing after this. */
  dispose(): void {
    process.removeListener('exit', this.onExit);
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.dir, { recursive: true, force: true });
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    const bytes = this.pendingBytes;
    this.pendingBytes = 0;
    this.writeOut(this.pending.subarray(0, bytes));
  }

  private writeOut(buffer: Buffer): void {
    let done = 0;
    while (done < buffer.length) done += writeSync(this.openFd(), buffer, done);
    this.written += buffer.length;
  }

  private openFd(): number {
    if (this.fd === undefined) throw new Error(`the spilled case results (${this.file}) are gone`);
    return this.fd;
  }

  private *results(): Generator<CaseResult> {
    let read = 0;
    for (const bytes of this.read()) {
      yield JSON.parse(bytes.toString('utf8')) as CaseResult;
      // Each case read leaves its parse and its rendering behind.
      if (++read % CASES_PER_COLLECTION === 0 && this.count >= LARGE_RUN) collectGarbage();
    }
  }

  /**
   * The texts in report order, each a view of a block read from the file: a block holds the
   * texts that follow one another both in the report and in the file (cases finish nearly in
   * order), up to READ_BLOCK bytes, so one read serves many and a case that finished late costs
   * a read of its own text only. A block is never reused: a text stays valid after the next.
   */
  private *read(): Generator<Buffer> {
    let block: Buffer = Buffer.alloc(0);
    let blockAt = 0;
    for (let i = 0; i < this.offsets.length; i++) {
      const at = this.offsets[i];
      const bytes = this.lengths[i] ?? 0;
      if (at === undefined) continue;
      if (at < blockAt || at + bytes > blockAt + block.length) {
        block = readAt(this.openFd(), at, this.runFrom(i));
        blockAt = at;
      }
      if (at + bytes > blockAt + block.length)
        throw new Error(`the spilled case results (${this.file}) were cut short`);
      yield block.subarray(at - blockAt, at - blockAt + bytes);
    }
  }

  /** Bytes from the text at place `i` to the end of the texts right after it in the file. */
  private runFrom(i: number): number {
    const start = this.offsets[i] ?? 0;
    let end = start + (this.lengths[i] ?? 0);
    for (let j = i + 1; j < this.offsets.length; j++) {
      const at = this.offsets[j];
      if (at === undefined) continue;
      const next = at + (this.lengths[j] ?? 0);
      if (at !== end + 1 || next - start > READ_BLOCK) break;
      end = next;
    }
    return end - start;
  }
}
