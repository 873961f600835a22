import { type FileHandle, open, stat } from 'node:fs/promises';
import type { SpanRecord } from '../../normalize/span-record.ts';
import { rawSpansOf, toSpanRecord } from '../../traces/otlp-spans.ts';
import { jsonError } from '../../traces/read-batches.ts';

/** Something wrong with one line of a followed file; following goes on. */
export interface FollowProblem {
  readonly file: string;
  readonly line: number;
  readonly message: string;
  readonly fix?: string;
}

export interface FollowOptions {
  /** Read what the file already holds (default: start at its end, like `tail -f`). */
  readonly fromStart?: boolean;
  readonly onSpans: (spans: SpanRecord[]) => void;
  readonly onProblem: (problem: FollowProblem) => void;
}

const CHUNK = 1 << 20;
/** A line longer than this is not an export request Baton can hold; it is skipped. */
const MAX_LINE = 64 * 1024 * 1024;

/**
 * Follows a JSON-lines file that an OpenTelemetry Collector's `file` exporter is writing, like
 * `tail -f`: each `poll()` reads the complete lines added since the last one (a line still being
 * written waits for its newline), hands their spans on, and copes with the file being rotated
 * (a new file at the path: the old one is read to its end first) or truncated (read again from
 * the start). The caller decides when to poll, so tests drive it without timers.
 */
export class FileFollower {
  private handle: FileHandle | undefined;
  private inode: number | undefined;
  private offset = 0;
  private line = 0;
  private partial: Buffer[] = [];
  private partialSize = 0;
  private skipping = false;
  private started = false;
  /** The next line is the file's first: a UTF-8 byte-order mark there is not part of it. */
  private atStart = false;

  constructor(
    readonly path: string,
    private readonly o: FollowOptions,
  ) {}

  /** Reads what was added since the last poll. Never throws for a file that is missing. */
  async poll(): Promise<void> {
    const now = await stat(this.path).catch(() => undefined);
    // Only what the file held when following began is skipped; a file that appears later is new.
    const skipExisting = !this.started && !this.o.fromStart && now !== undefined;
    this.started = true;
    if (this.handle && now?.ino !== this.inode) await this.finishRotated();
    if (!now) return;
    if (!this.handle) {
      this.handle = await open(this.path, 'r');
      this.inode = now.ino;
      this.offset = skipExisting ? now.size : 0;
      this.line = 0;
      this.atStart = this.offset === 0;
    } else if (now.size < this.offset) {
      // Truncated in place (copytruncate): what is there now is new.
      this.offset = 0;
      this.line = 0;
      this.atStart = true;
      this.dropPartial();
    }
    await this.readTo(now.size);
  }

  async close(): Promise<void> {
    await this.handle?.close();
    this.handle = undefined;
  }

  /** The file at the path is another one now: read the old one to its end, then let go. */
  private async finishRotated(): Promise<void> {
    const old = this.handle as FileHandle;
    const size = (await old.stat()).size;
    await this.readTo(size);
    if (this.partialSize > 0) this.emit(Buffer.concat(this.partial));
    this.dropPartial();
    await old.close();
    this.handle = undefined;
  }

  private async readTo(size: number): Promise<void> {
    const handle = this.handle as FileHandle;
    const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(0, size - this.offset)));
    while (this.offset < size) {
      const { bytesRead } = await handle.read(
        buffer,
        0,
        Math.min(buffer.length, size - this.offset),
        this.offset,
      );
      if (bytesRead === 0) break;
      this.offset += bytesRead;
      this.split(buffer.subarray(0, bytesRead));
    }
  }

  private split(chunk: Buffer): void {
    let from = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, from)) {
      const piece = chunk.subarray(from, nl);
      from = nl + 1;
      if (this.skipping) {
        this.skipping = false;
        this.atStart = false;
        this.line++;
        continue;
      }
      const whole = this.partialSize > 0 ? Buffer.concat([...this.partial, piece]) : piece;
      this.dropPartial();
      this.emit(whole);
    }
    const rest = chunk.subarray(from);
    if (rest.length === 0 || this.skipping) return;
    // Copied: the read buffer is reused.
    this.partial.push(Buffer.from(rest));
    this.partialSize += rest.length;
    if (this.partialSize > MAX_LINE) {
      this.dropPartial();
      this.skipping = true;
      this.o.onProblem({
        file: this.path,
        line: this.line + 1,
        message: `a line longer than ${MAX_LINE} bytes was skipped`,
        fix: 'export smaller batches (the Collector batch processor’s send_batch_max_size)',
      });
    }
  }

  private dropPartial(): void {
    this.partial = [];
    this.partialSize = 0;
  }

  private emit(bytes: Buffer): void {
    this.line++;
    const first = this.atStart;
    this.atStart = false;
    const text = (
      first ? bytes.toString('utf8').replace(/^\uFEFF/, '') : bytes.toString('utf8')
    ).trim();
    if (text === '') return;
    let request: unknown;
    try {
      request = JSON.parse(text);
    } catch (error) {
      this.o.onProblem({
        file: this.path,
        line: this.line,
        message: `not valid JSON (${jsonError(error)})`,
        fix: 'each line must be one whole OTLP/JSON export request: check what writes the file (a Collector file exporter with format: json)',
      });
      return;
    }
    // The same file may carry the Collector's metrics and logs: only traces are read.
    if (typeof request !== 'object' || request === null || !('resourceSpans' in request)) return;
    const spans: SpanRecord[] = [];
    for (const raw of rawSpansOf(request)) {
      const span = toSpanRecord(raw);
      if (span) spans.push(span);
    }
    if (spans.length > 0) this.o.onSpans(spans);
  }
}
