import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseList, CaseResult } from '../model/report.ts';
import type { CaseSink } from './case-sink.ts';
import { CASES_PER_COLLECTION, collectGarbage, LARGE_RUN } from './collect-garbage.ts';

/** Bytes gathered before one write to the spill file. */
const FLUSH_AT = 1 << 16;

/**
 * Payload values are JSON-like; a bigint an implementation put there is written as text. A
 * replacer slows every call down, so it is used only when the plain call refuses a bigint.
 */
function line(result: CaseResult): string {
  try {
    return `${JSON.stringify(result)}\n`;
  } catch {
    return `${JSON.stringify(result, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}\n`;
  }
}

/**
 * A sink that writes each finished case's result as a line of JSON to a file of its own under
 * the system temp folder and keeps only where each line is: a run of 100,000 cases holds none
 * of their results. Reading the list back parses one result at a time, in report order.
 * `dispose()` removes the file; so does the process exiting (a second Ctrl-C) before it.
 */
export class SpilledCases implements CaseSink<CaseList> {
  readonly dir: string;
  readonly file: string;
  private fd: number | undefined;
  private written = 0;
  private pending: string[] = [];
  private pendingBytes = 0;
  // Where each result's line starts and how long it is, by its place in the report.
  private readonly offsets: number[] = [];
  private readonly lengths: number[] = [];
  private count = 0;
  private readonly onExit = () => this.dispose();

  constructor(parent = tmpdir()) {
    this.dir = mkdtempSync(join(parent, 'baton-cases-'));
    this.file = join(this.dir, 'cases.jsonl');
    this.fd = openSync(this.file, 'w+', 0o600);
    process.once('exit', this.onExit);
  }

  add(index: number, result: CaseResult): void {
    const text = line(result);
    const bytes = Buffer.byteLength(text);
    if (this.offsets[index] === undefined) this.count++;
    this.offsets[index] = this.written + this.pendingBytes;
    this.lengths[index] = bytes;
    this.pending.push(text);
    this.pendingBytes += bytes;
    if (this.pendingBytes >= FLUSH_AT) this.flush();
  }

  list(): CaseList {
    this.flush();
    const length = this.count;
    return { length, [Symbol.iterator]: () => this.read() };
  }

  /** Closes and removes the spill file; the list reads nothing after this. */
  dispose(): void {
    process.removeListener('exit', this.onExit);
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.dir, { recursive: true, force: true });
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const buffer = Buffer.from(this.pending.join(''));
    let done = 0;
    while (done < buffer.length) done += writeSync(this.openFd(), buffer, done);
    this.written += buffer.length;
    this.pending = [];
    this.pendingBytes = 0;
  }

  private openFd(): number {
    if (this.fd === undefined) throw new Error(`the spilled case results (${this.file}) are gone`);
    return this.fd;
  }

  private *read(): Generator<CaseResult> {
    let buffer = Buffer.alloc(FLUSH_AT);
    let read = 0;
    for (let i = 0; i < this.offsets.length; i++) {
      const at = this.offsets[i];
      const bytes = this.lengths[i] ?? 0;
      if (at === undefined) continue;
      if (buffer.length < bytes) buffer = Buffer.alloc(bytes * 2);
      let got = 0;
      while (got < bytes) {
        const n = readSync(this.openFd(), buffer, got, bytes - got, at + got);
        if (n === 0) throw new Error(`the spilled case results (${this.file}) were cut short`);
        got += n;
      }
      yield JSON.parse(buffer.toString('utf8', 0, bytes)) as CaseResult;
      // Each case read leaves its parse and its rendering behind.
      if (++read % CASES_PER_COLLECTION === 0 && this.count >= LARGE_RUN) collectGarbage();
    }
  }
}
